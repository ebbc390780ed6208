package dev.inbox.receiving;

import dev.inbox.dispatch.FingerprintScope;
import dev.inbox.spi.Payload;
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
    byte[] bytes = payload.bytes();
    if (payload.text()) {
      String text = payload.asText();
      if (looksLikeJson(text)) {
        String canonical = CanonicalJson.canonical(text);
        if (canonical != null) {
          bytes = canonical.getBytes(StandardCharsets.UTF_8);
        }
      }
    }
    return sha256(bytes);
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
    if (scope.wholeBody() || !payload.text() || !looksLikeJson(payload.asText())) {
      return of(payload);
    }
    Object body = CanonicalJson.value(payload.asText());
    if (body == null) {
      return of(payload);
    }
    return sha256(
        CanonicalJson.text(ScopedBody.select(body, scope)).getBytes(StandardCharsets.UTF_8));
  }

  private static boolean looksLikeJson(String text) {
    String trimmed = text.strip();
    return trimmed.startsWith("{") || trimmed.startsWith("[");
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java runtime provides SHA-256", e);
    }
  }
}
