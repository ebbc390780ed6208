package dev.inbox.example;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.MessageRejectedException;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;

/**
 * A {@code meeting.held} event, read from its body and checked: a body that is not such an event is
 * rejected, never turned into a task or a key with holes in it. A rejected message is quarantined
 * on its next delivery, without calling the handler again.
 */
record Meeting(String opportunityId, String meetingId, String assignee) {

  static Meeting of(Envelope message) {
    JsonObject json;
    try (JsonReader reader = Json.createReader(new StringReader(message.payload().asText()))) {
      json = reader.readObject();
    } catch (JsonException | IllegalStateException e) {
      throw new MessageRejectedException("the body is not a JSON object: " + e.getMessage(), e);
    }
    return new Meeting(
        required(json, "opportunityId"),
        required(json, "meetingId"),
        json.getString("assignee", null));
  }

  /** The business action the event asks for: one follow-up per meeting. */
  String businessKey() {
    return opportunityId + "/" + meetingId + "/create-followup";
  }

  private static String required(JsonObject json, String name) {
    JsonValue value = json.get(name);
    if (!(value instanceof JsonString text) || text.getString().isBlank()) {
      throw new MessageRejectedException(
          "meeting.held needs a non-blank string '%s'; the body has %s"
              .formatted(name, value == null ? "none" : value));
    }
    return text.getString();
  }
}
