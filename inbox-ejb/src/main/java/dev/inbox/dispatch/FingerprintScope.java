package dev.inbox.dispatch;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The parts of a JSON body that make two messages with one id the same for one consumer, as its
 * {@code @InboxConsumer} names them: JSON Pointers (RFC 6901) to include (none: the whole body) and
 * to exclude. Excluded parts are taken out first, then the included ones are taken from what
 * remains.
 *
 * @param includes pointers to the parts that count; empty counts the whole body
 * @param excludes pointers to parts that never count
 */
public record FingerprintScope(List<String> includes, List<String> excludes) {

  /** The whole body: every consumer's scope unless it names parts. */
  public static final FingerprintScope WHOLE_BODY = new FingerprintScope(List.of(), List.of());

  /** A JSON Pointer: empty, or reference tokens each after a /, where ~ only escapes 0 or 1. */
  private static final Pattern POINTER = Pattern.compile("(/([^~/]|~[01])*)*");

  /**
   * @throws IllegalArgumentException when a pointer is not a JSON Pointer, or excludes the whole
   *     body
   */
  public FingerprintScope {
    includes = List.copyOf(includes);
    excludes = List.copyOf(excludes);
    includes.forEach(FingerprintScope::check);
    excludes.forEach(FingerprintScope::check);
    if (excludes.contains("")) {
      throw new IllegalArgumentException(
          "the pointer \"\" excludes the whole body: name the parts to exclude, such as"
              + " \"/occurredAt\"");
    }
  }

  /** Whether the whole body counts, as it does by default. */
  public boolean wholeBody() {
    return includes.isEmpty() && excludes.isEmpty();
  }

  private static void check(String pointer) {
    if (!POINTER.matcher(pointer).matches()) {
      throw new IllegalArgumentException(
          ("\"%s\" is not a JSON Pointer (RFC 6901): \"\" or /-separated names such as"
                  + " \"/order/id\", with ~0 for ~ and ~1 for /")
              .formatted(pointer));
    }
  }
}
