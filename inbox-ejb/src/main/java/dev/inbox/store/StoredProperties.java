package dev.inbox.store;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A message's properties as {@code inbox_pending} keeps them: a JSON object of {@code [type,
 * value]} pairs, so that each comes back with the Java type JMS gave it.
 */
final class StoredProperties {

  private StoredProperties() {}

  static String write(Map<String, Object> properties) {
    JsonObjectBuilder json = Json.createObjectBuilder();
    properties.forEach(
        (name, value) ->
            json.add(
                name,
                Json.createArrayBuilder()
                    .add(value.getClass().getSimpleName())
                    .add(String.valueOf(value))));
    return json.build().toString();
  }

  static Map<String, Object> read(String stored) {
    JsonObject json;
    try (JsonReader reader = Json.createReader(new StringReader(stored))) {
      json = reader.readObject();
    }
    Map<String, Object> properties = new LinkedHashMap<>();
    json.forEach(
        (name, pair) -> {
          JsonArray typed = pair.asJsonArray();
          properties.put(name, value(typed.getString(0), typed.getString(1)));
        });
    return properties;
  }

  private static Object value(String type, String value) {
    return switch (type) {
      case "Boolean" -> Boolean.valueOf(value);
      case "Byte" -> Byte.valueOf(value);
      case "Short" -> Short.valueOf(value);
      case "Integer" -> Integer.valueOf(value);
      case "Long" -> Long.valueOf(value);
      case "Float" -> Float.valueOf(value);
      case "Double" -> Double.valueOf(value);
      default -> value;
    };
  }
}
