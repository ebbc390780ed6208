package dev.inbox.receiving;

import dev.inbox.dispatch.FingerprintScope;
import dev.inbox.spi.Payload;
import jakarta.json.JsonException;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonPointer;
import jakarta.json.JsonReader;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;
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

  /** Made once: looking the JSON-P provider up costs more than a small body's fingerprint. */
  private static final JsonProvider JSON = JsonProvider.provider();

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
   * The fingerprint of the payload's parts in a consumer's scope: the excluded parts taken out of
   * the JSON body, then, when the scope includes parts, an object of each included pointer and the
   * value it finds (a part that is absent is left out), in canonical form. A body that is not JSON
   * is taken whole.
   */
  static String of(Payload payload, FingerprintScope scope) {
    if (scope.wholeBody() || !payload.text() || !looksLikeJson(payload.asText())) {
      return of(payload);
    }
    JsonStructure body;
    try (JsonReader reader = JSON.createReader(new StringReader(payload.asText()))) {
      body = reader.read();
    } catch (JsonException notJson) {
      return of(payload);
    }
    for (String excluded : scope.excludes()) {
      JsonPointer pointer = JSON.createPointer(excluded);
      if (pointer.containsValue(body)) {
        body = pointer.remove(body);
      }
    }
    JsonValue relevant = body;
    if (!scope.includes().isEmpty()) {
      JsonObjectBuilder parts = JSON.createObjectBuilder();
      for (String included : scope.includes()) {
        JsonPointer pointer = JSON.createPointer(included);
        if (pointer.containsValue(body)) {
          parts.add(included, pointer.getValue(body));
        }
      }
      relevant = parts.build();
    }
    return sha256(CanonicalJson.canonical(relevant.toString()).getBytes(StandardCharsets.UTF_8));
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
