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
import java.util.Objects;

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
    if (event.containsKey("data") && event.containsKey("data_base64")) {
      return Read.refused("the structured CloudEvent has both data and data_base64");
    }
    Map<String, Object> lifted = new LinkedHashMap<>(properties);
    for (Map.Entry<String, JsonValue> attribute : event.entrySet()) {
      String name = attribute.getKey();
      if (name.equals("data") || name.equals("data_base64")) {
        continue;
      }
      String value = attributeText(attribute.getValue());
      Object sent = lifted.putIfAbsent(PREFIX + name, value);
      if (sent != null && !Objects.equals(String.valueOf(sent), value)) {
        return Read.refused(
            "the property %s%s is \"%s\" and the structured CloudEvent's %s is \"%s\": which one"
                    .formatted(PREFIX, name, sent, name, value)
                + " counts would be a guess");
      }
    }
    for (String required : new String[] {"id", "source", "type"}) {
      JsonValue value = event.get(required);
      if (value != null && !(value instanceof JsonString)) {
        return Read.refused("the structured CloudEvent's %s is not a string".formatted(required));
      }
    }
    return data(event, lifted);
  }

  private static Read data(JsonObject event, Map<String, Object> lifted) {
    JsonValue base64 = event.get("data_base64");
    if (base64 != null) {
      if (!(base64 instanceof JsonString encoded)) {
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
    JsonValue data = event.get("data");
    if (data == null) {
      return new Read(lifted, Payload.ofText(""), null);
    }
    return new Read(
        lifted,
        Payload.ofText(data instanceof JsonString string ? string.getString() : data.toString()),
        null);
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
