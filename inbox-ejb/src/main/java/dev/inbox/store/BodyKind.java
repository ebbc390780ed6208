package dev.inbox.store;

import java.util.Locale;

/** What a message body is, as the console shows it and as {@link AppliedBodies} keeps it. */
public enum BodyKind {
  /** A text, shown as it is. */
  TEXT,
  /** Bytes, shown in Base64. */
  BYTES,
  /** No body. */
  NONE;

  /**
   * Its name in the console's answers and in {@code inbox_applied_body.body_kind}: {@code text},
   * {@code bytes} or {@code none}.
   */
  public String code() {
    return name().toLowerCase(Locale.ROOT);
  }

  static BodyKind ofCode(String code) {
    return valueOf(code.toUpperCase(Locale.ROOT));
  }
}
