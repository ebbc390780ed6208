package dev.inbox.store;

import dev.inbox.spi.Payload;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * How a text column keeps a message body: a text as it is, bytes in Base64. PostgreSQL's text
 * columns refuse the NUL character, so a text holding one is kept in Base64 too, under its own
 * kind, and comes back a text.
 */
enum BodyAtRest {
  TEXT("text"),
  TEXT_BASE64("text-base64"),
  BYTES("bytes");

  private final String code;

  BodyAtRest(String code) {
    this.code = code;
  }

  /** How this payload is kept. */
  static BodyAtRest of(Payload payload) {
    if (!payload.text()) {
      return BYTES;
    }
    // In UTF-8 only the NUL character encodes to a zero byte.
    for (byte b : payload.bytes()) {
      if (b == 0) {
        return TEXT_BASE64;
      }
    }
    return TEXT;
  }

  static BodyAtRest ofCode(String code) {
    for (BodyAtRest kind : values()) {
      if (kind.code.equals(code)) {
        return kind;
      }
    }
    throw new IllegalArgumentException("no body kind is called " + code);
  }

  /** Its name in a {@code body_kind} column. */
  String code() {
    return code;
  }

  /** The payload as its column keeps it. */
  String keep(Payload payload) {
    return this == TEXT ? payload.asText() : Base64.getEncoder().encodeToString(payload.bytes());
  }

  /** The payload back from its column. */
  Payload restore(String kept) {
    return switch (this) {
      case TEXT -> Payload.ofText(kept);
      case TEXT_BASE64 ->
          Payload.ofText(new String(Base64.getDecoder().decode(kept), StandardCharsets.UTF_8));
      case BYTES -> Payload.ofBytes(Base64.getDecoder().decode(kept));
    };
  }
}
