package dev.inbox.spi;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A message's body: the text of a text message (held as its UTF-8 bytes), or the bytes of a bytes
 * message. Immutable: every read gets a copy.
 */
public final class Payload {

  private final byte[] bytes;
  private final boolean text;

  private Payload(byte[] bytes, boolean text) {
    this.bytes = bytes;
    this.text = text;
  }

  public static Payload ofText(String text) {
    return new Payload(text.getBytes(StandardCharsets.UTF_8), true);
  }

  public static Payload ofBytes(byte[] bytes) {
    return new Payload(bytes.clone(), false);
  }

  /** The body's bytes, a copy. */
  public byte[] bytes() {
    return bytes.clone();
  }

  /** Whether the body came as text. */
  public boolean text() {
    return text;
  }

  /** The body as text, decoding bytes as UTF-8. */
  public String asText() {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Payload that && text == that.text && Arrays.equals(bytes, that.bytes);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(bytes) + Boolean.hashCode(text);
  }

  @Override
  public String toString() {
    return "Payload[" + bytes.length + " bytes" + (text ? ", text" : "") + "]";
  }
}
