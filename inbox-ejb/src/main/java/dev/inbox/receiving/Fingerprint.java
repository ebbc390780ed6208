package dev.inbox.receiving;

import dev.inbox.dispatch.FingerprintScope;
import dev.inbox.spi.Payload;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SHA-256 of a payload's canonical form, which tells a redelivery (same hash) from a reused id
 * (different hash). A JSON text is hashed in its canonical form ({@link CanonicalJson}), so that a
 * producer that re-serialises the same event differently is still recognised; any other body, a
 * text that is not JSON included, is hashed as raw bytes. Transport properties are never part of
 * the hash.
 */
final class Fingerprint {

  /** Why a body cannot be fingerprinted, in a sentence for the operator. */
  static final class Unreadable extends RuntimeException {

    private static final long serialVersionUID = 1L;

    Unreadable(String why) {
      super(why, null, false, false);
    }
  }

  private Fingerprint() {}

  /**
   * The payload's fingerprint.
   *
   * @throws Unreadable when the body is JSON that cannot be canonicalised
   */
  static String of(Payload payload) {
    // A payload's text is decoded from UTF-8, so it holds no lone surrogate to normalise.
    return payload.text() ? ofSentText(payload.asText()) : sha256(payload.bytes());
  }

  /**
   * The fingerprint of a text, as of a text message's payload. A text message's bytes are the
   * text's UTF-8 encoding, so a text that is not JSON is hashed as those bytes.
   *
   * @throws Unreadable when the text is JSON that cannot be canonicalised
   */
  static String ofText(String text) {
    // A text message carries its text as UTF-8, which cannot hold a lone surrogate: it arrives as
    // '?', and so it is hashed, wherever the text comes from.
    return ofSentText(
        Text.firstLoneSurrogate(text) < 0
            ? text
            : new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
  }

  /** The fingerprint of a text that UTF-8 can carry as it is. */
  private static String ofSentText(String text) {
    Object value = json(text);
    return value == null ? sha256(text.getBytes(StandardCharsets.UTF_8)) : sha256(value);
  }

  /**
   * The fingerprint of the payload's parts in a consumer's scope ({@link ScopedBody}), in the
   * canonical form the whole body's fingerprint has. A body that is not one JSON text is taken
   * whole.
   *
   * @throws Unreadable when the body is JSON that cannot be canonicalised (admission refuses such a
   *     body first)
   */
  static String of(Payload payload, FingerprintScope scope) {
    if (scope.wholeBody() || !payload.text()) {
      return of(payload);
    }
    String text = payload.asText();
    Object body = json(text);
    return body == null
        ? sha256(text.getBytes(StandardCharsets.UTF_8))
        : sha256(ScopedBody.select(body, scope));
  }

  /** The text's JSON value as the canonical form reads it, or null when it is not JSON. */
  private static Object json(String text) {
    // Looked at from the first character that is not white space, without copying the text.
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!Character.isWhitespace(c)) {
        return c == '{' || c == '[' ? CanonicalJson.value(text) : null;
      }
    }
    return null;
  }

  private static String sha256(byte[] bytes) {
    return HexFormat.of().formatHex(sha256().digest(bytes));
  }

  /**
   * The SHA-256 of a JSON value's canonical text in UTF-8, written straight into the digest: a
   * large body is never held a second time as its canonical text or that text's bytes.
   */
  private static String sha256(Object json) {
    DigestAppender out = new DigestAppender(sha256());
    CanonicalJson.write(json, out);
    return HexFormat.of().formatHex(out.digest());
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java runtime provides SHA-256", e);
    }
  }

  /**
   * Text encoded as UTF-8 into a digest through two small buffers. The canonical form escapes every
   * lone surrogate, so the text it writes always encodes.
   */
  private static final class DigestAppender implements Appendable {

    private final MessageDigest digest;
    private final CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder();
    private final CharBuffer chars = CharBuffer.allocate(256);
    // Three bytes are the most a char takes in UTF-8 (a surrogate pair takes four for two).
    private final ByteBuffer bytes = ByteBuffer.allocate(3 * 256);

    DigestAppender(MessageDigest digest) {
      this.digest = digest;
    }

    @Override
    public Appendable append(char c) {
      if (!chars.hasRemaining()) {
        encode(false);
      }
      chars.put(c);
      return this;
    }

    @Override
    public Appendable append(CharSequence text) {
      return append(text, 0, text.length());
    }

    @Override
    public Appendable append(CharSequence text, int start, int end) {
      for (int i = start; i < end; i++) {
        append(text.charAt(i));
      }
      return this;
    }

    byte[] digest() {
      encode(true);
      encoder.flush(bytes);
      digest.update(bytes.array(), 0, bytes.position());
      return digest.digest();
    }

    /** Encodes what the chars hold, keeping a high surrogate whose pair has not come yet. */
    private void encode(boolean endOfText) {
      chars.flip();
      CoderResult result = encoder.encode(chars, bytes, endOfText);
      if (result.isError()) {
        throw new IllegalStateException("The canonical form wrote text UTF-8 cannot encode");
      }
      digest.update(bytes.array(), 0, bytes.position());
      bytes.clear();
      chars.compact();
    }
  }
}
