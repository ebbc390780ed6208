package dev.inbox.receiving;

import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The canonical form of a JSON text, in the style of RFC 8785: object members sorted by name, no
 * insignificant white space, strings with minimal escaping, and numbers by their exact decimal
 * value ({@code 1.0} and {@code 1} are the same number).
 *
 * <p>Two texts that differ in meaning never share a canonical form. So JSON whose meaning depends
 * on the reader, or that cannot be canonicalised within bounds, is refused ({@link
 * Fingerprint.Unreadable}): a member named twice, nesting deeper than {@value #MAX_DEPTH}, a number
 * longer than {@value #MAX_NUMBER_LENGTH} characters or beyond the range of a decimal.
 */
final class CanonicalJson {

  /** The deepest nesting of JSON arrays and objects that is canonicalised. */
  static final int MAX_DEPTH = 500;

  /** The longest JSON number, in characters, that is canonicalised. */
  static final int MAX_NUMBER_LENGTH = 1000;

  /**
   * Made once: {@code Json.createParser} looks the JSON-P provider up again on every call, which
   * cost a third of a delivery's processor time in the benchmark.
   */
  private static final JsonParserFactory PARSERS = Json.createParserFactory(Map.of());

  /** JSON's {@code true}, {@code false} and {@code null}, as read. */
  private enum Literal {
    TRUE,
    FALSE,
    NULL
  }

  private CanonicalJson() {}

  /**
   * The canonical text of a JSON text, or null when the text is not JSON (its raw bytes are then
   * its fingerprint).
   *
   * @throws Unreadable when it is JSON that cannot be canonicalised
   */
  static String canonical(String json) {
    Object value = value(json);
    if (value == null) {
      return null;
    }
    StringBuilder out = new StringBuilder();
    write(value, out);
    return out.toString();
  }

  /**
   * The value of a JSON text, as the canonical form reads it: an object as a map sorted by member
   * name, an array as a list, a number as a decimal, a string as a string, {@code true}, {@code
   * false} and {@code null} as literals; or null when the text is not one JSON value.
   *
   * @throws Unreadable when it is JSON that cannot be canonicalised
   */
  static Object value(String json) {
    try (JsonParser parser = PARSERS.createParser(new StringReader(json))) {
      Object value = read(parser, parser.next(), 1);
      // More after the first value: not one JSON text.
      return parser.hasNext() ? null : value;
    } catch (JsonException notJson) {
      return null;
    }
  }

  /**
   * Writes the canonical text of a value that {@link #value(String)} read, or a part of one, to an
   * appendable that does not fail (a {@code StringBuilder}, a digest).
   */
  static void write(Object value, Appendable out) {
    try {
      writeValue(value, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** One value, with the event that starts it already taken from the parser. */
  private static Object read(JsonParser parser, JsonParser.Event event, int depth) {
    return switch (event) {
      case START_OBJECT -> readObject(parser, depth);
      case START_ARRAY -> readArray(parser, depth);
      case VALUE_STRING -> parser.getString();
      case VALUE_NUMBER -> decimal(parser.getString());
      case VALUE_TRUE -> Literal.TRUE;
      case VALUE_FALSE -> Literal.FALSE;
      case VALUE_NULL -> Literal.NULL;
      case KEY_NAME, END_OBJECT, END_ARRAY ->
          throw new JsonException("Unexpected " + event + " where a value starts");
    };
  }

  private static Map<String, Object> readObject(JsonParser parser, int depth) {
    checkDepth(depth);
    Map<String, Object> members = new TreeMap<>();
    for (JsonParser.Event event = parser.next();
        event != JsonParser.Event.END_OBJECT;
        event = parser.next()) {
      String name = parser.getString();
      if (members.put(name, read(parser, parser.next(), depth + 1)) != null) {
        throw new Fingerprint.Unreadable(
            "a JSON object names the member \"%s\" twice: which value counts depends on the reader"
                .formatted(abbreviated(name)));
      }
    }
    return members;
  }

  private static List<Object> readArray(JsonParser parser, int depth) {
    checkDepth(depth);
    List<Object> elements = new ArrayList<>();
    for (JsonParser.Event event = parser.next();
        event != JsonParser.Event.END_ARRAY;
        event = parser.next()) {
      elements.add(read(parser, event, depth + 1));
    }
    return elements;
  }

  private static void checkDepth(int depth) {
    if (depth > MAX_DEPTH) {
      throw new Fingerprint.Unreadable(
          "the JSON body nests arrays and objects deeper than %d levels".formatted(MAX_DEPTH));
    }
  }

  private static BigDecimal decimal(String source) {
    if (source.length() > MAX_NUMBER_LENGTH) {
      throw new Fingerprint.Unreadable(
          "the JSON body has a number of %d characters; at most %d are read"
              .formatted(source.length(), MAX_NUMBER_LENGTH));
    }
    try {
      return new BigDecimal(source);
    } catch (NumberFormatException | ArithmeticException e) {
      throw new Fingerprint.Unreadable(
          "the JSON body has a number beyond the range of a decimal: " + abbreviated(source));
    }
  }

  @SuppressWarnings("unchecked")
  private static void writeValue(Object value, Appendable out) throws IOException {
    if (value instanceof Map<?, ?> object) {
      out.append('{');
      String separator = "";
      for (Map.Entry<String, Object> member : ((Map<String, Object>) object).entrySet()) {
        out.append(separator);
        writeString(member.getKey(), out);
        out.append(':');
        writeValue(member.getValue(), out);
        separator = ",";
      }
      out.append('}');
    } else if (value instanceof List<?> array) {
      out.append('[');
      String separator = "";
      for (Object element : array) {
        out.append(separator);
        writeValue(element, out);
        separator = ",";
      }
      out.append(']');
    } else if (value instanceof String text) {
      writeString(text, out);
    } else if (value instanceof BigDecimal decimal) {
      out.append(number(decimal));
    } else {
      out.append(value.toString().toLowerCase());
    }
  }

  /**
   * A string with only the escapes RFC 8785 requires (quote, backslash and control characters), and
   * a lone surrogate escaped as well: written raw, it would become a replacement character in
   * UTF-8, and two different strings would share one fingerprint.
   */
  private static void writeString(String text, Appendable out) throws IOException {
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
          if (c < 0x20 || Text.isLoneSurrogate(text, i)) {
            out.append("\\u").append(HexFormat.of().toHexDigits(c));
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
    long exponent = (long) exact.precision() - exact.scale() - 1;
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

  private static String abbreviated(String text) {
    return text.length() <= 40 ? text : text.substring(0, 40) + "…";
  }
}
