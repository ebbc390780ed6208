package dev.inbox.webhooks;

import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonPointer;
import jakarta.json.JsonString;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.util.function.Function;

/**
 * Where a delivery carries a value (its id, its type): a header ({@code header:X-GitHub-Delivery})
 * or a JSON pointer into the body ({@code json:/id}).
 *
 * @param header the header's name, or null when the value is in the body
 * @param pointer the JSON pointer, or null when the value is in a header
 */
record Locator(String header, JsonPointer pointer, String setting) {

  /**
   * @throws IllegalArgumentException naming the setting, when the value is neither form
   */
  static Locator parse(String setting, String value) {
    String text = value.strip();
    if (text.startsWith("header:") && text.length() > "header:".length()) {
      return new Locator(text.substring("header:".length()).strip(), null, text);
    }
    if (text.startsWith("json:/")) {
      try {
        return new Locator(null, Json.createPointer(text.substring("json:".length())), text);
      } catch (JsonException e) {
        // Said below.
      }
    }
    throw new IllegalArgumentException(
        ("%s is '%s': write header:<name> for a header, or json:<pointer> for a value in the"
                + " body, such as header:X-GitHub-Delivery or json:/id")
            .formatted(setting, value));
  }

  boolean inBody() {
    return pointer != null;
  }

  /**
   * The value, or null when the delivery does not have it (a blank header, an absent member, a
   * member that is neither a string nor a number).
   *
   * @param body the body as JSON, or null when it is not JSON
   */
  String read(Function<String, String> headers, JsonStructure body) {
    if (header != null) {
      String value = headers.apply(header);
      return value == null || value.isBlank() ? null : value.strip();
    }
    JsonValue value;
    try {
      if (body == null || !pointer.containsValue(body)) {
        return null;
      }
      value = pointer.getValue(body);
    } catch (JsonException pathThroughAnotherShape) {
      // The pointer goes through an array or a scalar where the source said an object would be.
      return null;
    }
    String text = null;
    if (value instanceof JsonString string) {
      text = string.getString();
    } else if (value instanceof JsonNumber number) {
      text = number.toString();
    }
    return text == null || text.isBlank() ? null : text;
  }

  @Override
  public String toString() {
    return setting;
  }
}
