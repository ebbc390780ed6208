package dev.inbox.dispatch;

import dev.inbox.spi.Payload;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * The SHA-256 of a payload's canonical form, which tells a redelivery (same hash) from a reused id
 * (different hash).
 *
 * <p>A JSON text is canonicalised in the style of RFC 8785 before hashing: object members sorted by
 * name, no insignificant white space, strings with minimal escaping, and numbers by their exact
 * decimal value ({@code 1.0} and {@code 1} are the same number). So a producer that re-serialises
 * the same event differently is still recognised. Any other body is hashed as raw bytes. Transport
 * properties are never part of the hash.
 */
final class Fingerprint {

  /**
   * Made once: {@code Json.createReader} looks the JSON-P provider up again on every call, which
   * cost a third of a delivery's processor time in the benchmark.
   */
  private static final JsonReaderFactory READERS = Json.createReaderFactory(Map.of());

  private Fingerprint() {}

  /** The lowercase hex SHA-256 of the payload's canonical form. */
  static String of(Payload payload) {
    byte[] bytes = payload.bytes();
    if (payload.text()) {
      String text = payload.asText();
      if (looksLikeJson(text)) {
        try (JsonReader reader = READERS.createReader(new StringReader(text))) {
          bytes = canonical(reader.readValue()).getBytes(StandardCharsets.UTF_8);
        } catch (JsonException notJson) {
          // Not valid JSON after all: the raw bytes are the fingerprint.
        }
      }
    }
    return sha256(bytes);
  }

  /** The canonical text of a JSON value. */
  static String canonical(JsonValue value) {
    StringBuilder out = new StringBuilder();
    write(value, out);
    return out.toString();
  }

  private static boolean looksLikeJson(String text) {
    String trimmed = text.strip();
    return trimmed.startsWith("{") || trimmed.startsWith("[");
  }

  private static void write(JsonValue value, StringBuilder out) {
    switch (value.getValueType()) {
      case OBJECT -> {
        out.append('{');
        String separator = "";
        for (Map.Entry<String, JsonValue> member : new TreeMap<>((JsonObject) value).entrySet()) {
          out.append(separator);
          writeString(member.getKey(), out);
          out.append(':');
          write(member.getValue(), out);
          separator = ",";
        }
        out.append('}');
      }
      case ARRAY -> {
        out.append('[');
        String separator = "";
        for (JsonValue element : (JsonArray) value) {
          out.append(separator);
          write(element, out);
          separator = ",";
        }
        out.append(']');
      }
      case STRING -> writeString(((JsonString) value).getString(), out);
      case NUMBER -> out.append(number(((JsonNumber) value).bigDecimalValue()));
      case TRUE -> out.append("true");
      case FALSE -> out.append("false");
      case NULL -> out.append("null");
    }
  }

  /** A string with only the escapes RFC 8785 requires: quote, backslash and control characters. */
  private static void writeString(String text, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append("\\u").append(HexFormat.of().toHexDigits((short) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  /**
   * A number by its exact value, written as ECMAScript writes numbers: plain notation for decimal
   * exponents from -7 to 20, otherwise one digit, a fraction and an exponent ({@code 1.5e+21}).
   */
  static String number(BigDecimal value) {
    if (value.signum() == 0) {
      return "0";
    }
    BigDecimal exact = value.stripTrailingZeros();
    int exponent = exact.precision() - exact.scale() - 1;
    if (exponent > -7 && exponent < 21) {
      return exact.toPlainString();
    }
    String digits = exact.unscaledValue().abs().toString();
    String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
    return (exact.signum() < 0 ? "-" : "")
        + mantissa
        + "e"
        + (exponent > 0 ? "+" : "-")
        + Math.abs(exponent);
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java runtime provides SHA-256", e);
    }
  }
}
