package dev.inbox.store;

import java.util.Base64;

/**
 * A message body as the console shows it, and as {@link AppliedBodies} keeps it: a text as it is,
 * bytes in Base64. A class, not a record: it holds the bytes as they are, and encodes them only
 * when they are shown.
 */
public final class ShownBody {

  /** A message without a body. */
  public static final ShownBody NONE = new ShownBody(BodyKind.NONE, null, null);

  private final BodyKind kind;
  private final String text;
  private final byte[] bytes;

  private ShownBody(BodyKind kind, String text, byte[] bytes) {
    this.kind = kind;
    this.text = text;
    this.bytes = bytes;
  }

  public static ShownBody ofText(String text) {
    return new ShownBody(BodyKind.TEXT, text, null);
  }

  /**
   * Bytes, not copied: the caller hands them over.
   *
   * @param bytes the bytes, or null for a bytes message without a body
   */
  public static ShownBody ofBytes(byte[] bytes) {
    return new ShownBody(BodyKind.BYTES, null, bytes);
  }

  public BodyKind kind() {
    return kind;
  }

  /** The text, or null when the body is not one. */
  public String text() {
    return text;
  }

  /** Its length in characters (text) or bytes. */
  public long size() {
    return text != null ? text.length() : bytes != null ? bytes.length : 0;
  }

  /** The text, or the bytes in Base64; null when there is neither. */
  public String shown() {
    if (text != null) {
      return text;
    }
    return bytes == null ? null : Base64.getEncoder().encodeToString(bytes);
  }
}
