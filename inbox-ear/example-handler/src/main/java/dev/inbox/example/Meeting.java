package dev.inbox.example;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.MessageRejectedException;

/**
 * A {@code meeting.held} event, bound from its body once per delivery ({@link
 * dev.inbox.spi.Payload#as}) and checked: a body that is not such an event is rejected, never
 * turned into a task or a key with holes in it. A rejected message is quarantined on its next
 * delivery, without calling the handler again.
 */
public record Meeting(String opportunityId, String meetingId, String assignee) {

  static Meeting of(Envelope message) {
    Meeting meeting = message.payload().as(Meeting.class);
    required(meeting.opportunityId, "opportunityId");
    required(meeting.meetingId, "meetingId");
    return meeting;
  }

  /** The business action the event asks for: one follow-up per meeting. */
  String businessKey() {
    return opportunityId + "/" + meetingId + "/create-followup";
  }

  private static void required(String value, String name) {
    if (value == null || value.isBlank()) {
      throw new MessageRejectedException(
          "meeting.held needs a non-blank string '%s'; the body has %s"
              .formatted(name, value == null ? "none" : "'" + value + "'"));
    }
  }
}
