package dev.inbox.bench;

import com.fasterxml.uuid.Generators;
import com.fasterxml.uuid.NoArgGenerator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * The message ids of a run's passes, of the kind {@code bench.id-kind} names, each unique in the
 * run. Where the inbox's key (consumer, message id) puts a pass's rows decides which index pages
 * its inserts touch, so a UUID leads its id, and the pass's name follows it after a slash, for a
 * pattern on that end to find the pass's business rows, as a prefix finds sequential ids'.
 */
final class MessageIds {

  /** How the ids are made. */
  enum Kind {
    /**
     * Random UUIDs (version 4), as most producers send: each insert lands anywhere in the index.
     */
    UUID4,
    /** Time-ordered UUIDs (version 7): each insert lands at the index's newest end. */
    UUID7,
    /**
     * The pass's name and a counter, as the harness made them before it had kinds: a pass's inserts
     * land in a few neighbouring index pages.
     */
    SEQUENTIAL;

    /** The kind a {@code bench.id-kind} value names. */
    static Kind of(String property) {
      return Arrays.stream(values())
          .filter(kind -> kind.property().equals(property.strip()))
          .findFirst()
          .orElseThrow(
              () ->
                  new IllegalArgumentException(
                      "bench.id-kind is '%s': it must be one of %s"
                          .formatted(
                              property, Arrays.stream(values()).map(Kind::property).toList())));
    }

    /** As {@code bench.id-kind} names it. */
    String property() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * One pass's ids.
   *
   * @param name the pass's name, unique in the run
   * @param all the ids, in the order they are sent
   * @param pattern a SQL {@code LIKE} pattern that matches these ids and no other pass's
   */
  record PassIds(String name, List<String> all, String pattern) {}

  private final Kind kind;
  private final NoArgGenerator timeOrdered = Generators.timeBasedEpochGenerator();

  MessageIds(Kind kind) {
    this.kind = kind;
  }

  PassIds of(String pass, int count) {
    List<String> ids = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      ids.add(id(pass, i));
    }
    return new PassIds(pass, List.copyOf(ids), kind == Kind.SEQUENTIAL ? pass + "-%" : "%/" + pass);
  }

  private String id(String pass, int number) {
    return switch (kind) {
      case UUID4 -> UUID.randomUUID() + "/" + pass;
      case UUID7 -> timeOrdered.generate() + "/" + pass;
      case SEQUENTIAL -> pass + "-" + number;
    };
  }
}
