package dev.inbox.receiving;

import dev.inbox.spi.Payload;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A CloudEvent in structured mode: the whole event as JSON in the body, which the message marks
 * with the property {@value #CONTENT_TYPE_PROPERTY} = {@value #MEDIA_TYPE}. Its attributes become
 * the {@code ce_} properties the binary mode carries (so identity, type, key scope and the handler
 * read them the same way), and its data becomes the payload.
 *
 * <p>CloudEvents publishes no JMS binding; the names follow its Kafka binding ({@code ce_} for
 * attributes, {@code content-type} for the format), with an underscore, since a JMS property name
 * is a Java identifier.
 */
final class StructuredCloudEvent {

  static final String CONTENT_TYPE_PROPERTY = "content_type";
  static final String MEDIA_TYPE = "application/cloudevents+json";
  static final String SPEC_VERSION = "1.0";

  private static final String PREFIX = "ce_";

  /** The attributes CloudEvents 1.0 types as strings (a URI, a timestamp are strings in JSON). */
  private static final Set<String> STRING_ATTRIBUTES =
      Set.of("id", "source", "type", "datacontenttype", "dataschema", "subject", "time");

  private static final JsonReaderFactory READERS = Json.createReaderFactory(Map.of());

  /**
   * The event read: its attributes as properties and its data as the payload, or why it could not
   * be read.
   */
  record Read(Map<String, Object> properties, Payload payload, String refused) {

    static Read refused(String why) {
      return new Read(null, null, why);
    }
  }

  private StructuredCloudEvent() {}

  /** Whether the message says its body is a structured CloudEvent in JSON. */
  static boolean marks(Map<String, Object> properties) {
    String type = PropertyNames.text(properties, CONTENT_TYPE_PROPERTY);
    if (type == null) {
      return false;
    }
    String media = type.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
    return media.equals(MEDIA_TYPE);
  }

  /**
   * Reads the event from the body: the message's properties with the event's attributes added as
   * {@code ce_} properties, and the event's data as the payload ({@code data} as text, {@code
   * data_base64} as bytes, neither as an empty text).
   *
   * @throws Fingerprint.Unreadable when the body is JSON whose meaning depends on the reader
   */
  static Read read(Payload body, Map<String, Object> properties) {
    String text = utf8(body);
    if (text == null) {
      return Read.refused("the structured CloudEvent's body is not UTF-8 text");
    }
    // The canonical reading first: it refuses a member named twice and what exceeds its bounds.
    if (!(CanonicalJson.value(text) instanceof Map<?, ?>)) {
      return Read.refused("the structured CloudEvent's body is not a JSON object");
    }
    JsonObject event;
    try (var reader = READERS.createReader(new StringReader(text))) {
      event = reader.readObject();
    }
    JsonValue version = event.get("specversion");
    if (!(version instanceof JsonString versionText)
        || !versionText.getString().equals(SPEC_VERSION)) {
      return Read.refused(
          "the structured CloudEvent's specversion is %s; the inbox reads CloudEvents %s"
              .formatted(version == null ? "missing" : version.toString(), SPEC_VERSION));
    }
    if (present(event, "data") && present(event, "data_base64")) {
      return Read.refused("the structured CloudEvent has both data and data_base64");
    }
    Map<String, Object> lifted = new LinkedHashMap<>(properties);
    lifted.keySet().removeIf(name -> name.startsWith(PREFIX));
    for (Map.Entry<String, JsonValue> attribute : event.entrySet()) {
      String name = attribute.getKey();
      JsonValue value = attribute.getValue();
      if (name.equals("data") || name.equals("data_base64") || value == JsonValue.NULL) {
        continue;
      }
      if (STRING_ATTRIBUTES.contains(name) && !(value instanceof JsonString)) {
        return Read.refused("the structured CloudEvent's %s is not a string".formatted(name));
      }
      lifted.put(PREFIX + name, attributeText(value));
    }
    // The body is the event: a ce_ property must say what the body says, or not be there.
    for (Map.Entry<String, Object> property : properties.entrySet()) {
      String name = property.getKey();
      if (name.startsWith(PREFIX)
          && !String.valueOf(property.getValue()).equals(lifted.get(name))) {
        return Read.refused(
            "the property %s is \"%s\", and the structured CloudEvent's %s is %s: which one counts"
                    .formatted(
                        name,
                        property.getValue(),
                        name.substring(PREFIX.length()),
                        event.containsKey(name.substring(PREFIX.length()))
                            ? "\"" + lifted.get(name) + "\""
                            : "absent")
                + " would be a guess");
      }
    }
    return data(event, lifted);
  }

  private static boolean present(JsonObject event, String name) {
    JsonValue value = event.get(name);
    return value != null && value != JsonValue.NULL;
  }

  /**
   * The payload, as the binary mode would carry it: {@code data_base64} decoded; {@code data} as
   * its JSON text when the data is JSON (no {@code datacontenttype}, or a JSON one), otherwise a
   * string's characters; nothing as an empty text.
   */
  private static Read data(JsonObject event, Map<String, Object> lifted) {
    if (present(event, "data_base64")) {
      if (!(event.get("data_base64") instanceof JsonString encoded)) {
        return Read.refused("the structured CloudEvent's data_base64 is not a string");
      }
      try {
        return new Read(
            lifted, Payload.ofBytes(Base64.getDecoder().decode(encoded.getString())), null);
      } catch (IllegalArgumentException e) {
        return Read.refused(
            "the structured CloudEvent's data_base64 is not Base64: " + e.getMessage());
      }
    }
    if (!present(event, "data")) {
      return new Read(lifted, Payload.ofText(""), null);
    }
    JsonValue data = event.get("data");
    boolean json = isJson((String) lifted.get(PREFIX + "datacontenttype"));
    String text = !json && data instanceof JsonString string ? string.getString() : data.toString();
    return new Read(lifted, Payload.ofText(text), null);
  }

  /**
   * Whether a datacontenttype says JSON: absent (the format's own), {@code application/json}, ...
   */
  private static boolean isJson(String contentType) {
    if (contentType == null) {
      return true;
    }
    String media = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
    return media.equals("application/json") || media.equals("text/json") || media.endsWith("+json");
  }

  /** A string attribute as it is, any other JSON value (an extension's number, say) as JSON. */
  private static String attributeText(JsonValue value) {
    return value instanceof JsonString string ? string.getString() : value.toString();
  }

  /** The body as text, or null when its bytes are not UTF-8. */
  private static String utf8(Payload body) {
    if (body.text()) {
      return body.asText();
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(body.bytes()))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }
}
