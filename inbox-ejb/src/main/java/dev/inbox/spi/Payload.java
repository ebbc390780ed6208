package dev.inbox.spi;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The message body: the text of a text message (as UTF-8 bytes), or the bytes of a bytes message.
 *
 * @param bytes the body, never null
 * @param text whether the body came as text
 */
public record Payload(byte[] bytes, boolean text) {

  public Payload {
    bytes = bytes.clone();
  }

  public static Payload ofText(String text) {
    return new Payload(text.getBytes(StandardCharsets.UTF_8), true);
  }

  public static Payload ofBytes(byte[] bytes) {
    return new Payload(bytes, false);
  }

  @Override
  public byte[] bytes() {
    return bytes.clone();
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
