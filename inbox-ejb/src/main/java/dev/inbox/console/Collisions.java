package dev.inbox.console;

import dev.inbox.store.AppliedBodies;
import dev.inbox.store.BodyKind;
import dev.inbox.store.InboxEntry;
import dev.inbox.store.MessageHistory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Compares a message quarantined as a {@code payload-mismatch} with the one its consumer applied
 * under the same id: their fingerprints always, and, where the applied body is kept and both are
 * JSON of a modest size, what differs.
 */
@ApplicationScoped
public class Collisions {

  private static final Logger LOG = Logger.getLogger(Collisions.class.getName());

  /** The largest body compared, in characters. */
  static final int MAX_COMPARED = 256 * 1024;

  /**
   * The longest array compared: the difference of two arrays takes time and memory that grow with
   * the product of their lengths.
   */
  static final int MAX_ARRAY = 1000;

  /** The most changes listed. */
  static final int MAX_CHANGES = 200;

  private final MessageHistory history;

  @Inject
  Collisions(MessageHistory history) {
    this.history = history;
  }

  /** For the CDI proxy. */
  protected Collisions() {
    this(null);
  }

  /**
   * The collision of a quarantined copy.
   *
   * @param held the copy
   * @param fingerprint the fingerprint it carries, or null
   * @param body its body as text, or null when it has none or it is bytes
   * @param withBody whether the caller may see bodies, and where and how they differ
   */
  Collision of(HeldMessage held, String fingerprint, String body, boolean withBody) {
    Optional<InboxEntry> applied;
    Optional<AppliedBodies.Kept> kept;
    try {
      applied =
          history.rows(held.messageId()).stream()
              .filter(row -> row.consumerName().equals(held.consumer()))
              .findFirst();
      kept = history.appliedBody(held.consumer(), held.messageId());
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "The console could not read the applied message of a collision", e);
      return new Collision(
          fingerprint,
          null,
          null,
          false,
          null,
          null,
          "the database did not answer: compare again later");
    }
    if (applied.isEmpty()) {
      return new Collision(
          fingerprint,
          null,
          null,
          false,
          null,
          null,
          "the consumer's row of this id is gone (retention, or a reprocessing request): nothing"
              + " to compare with");
    }
    Optional<List<Collision.Change>> changes =
        kept.filter(k -> k.kind() == BodyKind.TEXT).flatMap(k -> changes(k.body(), body, withBody));
    return new Collision(
        fingerprint,
        applied.get().payloadHash(),
        applied.get().processedAt(),
        kept.isPresent(),
        withBody ? kept.map(AppliedBodies.Kept::body).orElse(null) : null,
        changes.orElse(null),
        note(changes.isPresent(), kept.isPresent(), body != null));
  }

  private static String note(boolean compared, boolean appliedKept, boolean textCopy) {
    if (compared) {
      return "the changes turn the applied body into this one";
    }
    if (!appliedKept) {
      return "the applied body is not kept (inbox.console.keep-applied-bodies was off when it was"
          + " applied, or it was larger than 1 MiB): compare the fingerprints";
    }
    if (!textCopy) {
      return "this copy has no text body (bytes, or inbox.quarantine.keep-body=false): compare the"
          + " fingerprints";
    }
    return "the bodies are compared change by change only when both are JSON, of at most 256 KiB"
        + " and with arrays of at most 1,000 elements: compare them as they are";
  }

  /**
   * The JSON Patch from the applied body to the quarantined one, when both are JSON small enough to
   * compare; a caller without the body's role sees what kind of change, not where or what.
   */
  private static Optional<List<Collision.Change>> changes(
      String applied, String quarantined, boolean withBody) {
    Optional<JsonStructure> from = comparable(applied);
    Optional<JsonStructure> to = comparable(quarantined);
    if (from.isEmpty() || to.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        Json.createDiff(from.get(), to.get()).toJsonArray().stream()
            .limit(MAX_CHANGES)
            .map(JsonValue::asJsonObject)
            .map(operation -> change(operation, withBody))
            .toList());
  }

  private static Collision.Change change(JsonObject operation, boolean withBody) {
    JsonValue value = operation.get("value");
    return new Collision.Change(
        operation.getString("op"),
        withBody ? operation.getString("path") : null,
        withBody && value != null ? value.toString() : null);
  }

  private static Optional<JsonStructure> comparable(String text) {
    if (text == null || text.length() > MAX_COMPARED) {
      return Optional.empty();
    }
    try (JsonReader reader = Json.createReader(new StringReader(text))) {
      JsonStructure json = reader.read();
      return longestArray(json) <= MAX_ARRAY ? Optional.of(json) : Optional.empty();
    } catch (JsonException | IllegalStateException e) {
      return Optional.empty();
    }
  }

  private static int longestArray(JsonValue value) {
    return switch (value.getValueType()) {
      case ARRAY ->
          Math.max(
              value.asJsonArray().size(),
              value.asJsonArray().stream().mapToInt(Collisions::longestArray).max().orElse(0));
      case OBJECT ->
          value.asJsonObject().values().stream().mapToInt(Collisions::longestArray).max().orElse(0);
      default -> 0;
    };
  }
}
