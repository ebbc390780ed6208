package dev.inbox.example;

import dev.inbox.spi.Envelope;
import jakarta.validation.constraints.NotBlank;

/**
 * A {@code meeting.held} event, bound from its body once per delivery ({@link
 * dev.inbox.spi.Payload#as}) and validated: a body that is not such an event, or lacks an
 * opportunity or a meeting, is rejected, never turned into a task or a key with holes in it. A
 * rejected message is quarantined on its next delivery, without calling the handler again.
 */
public record Meeting(@NotBlank String opportunityId, @NotBlank String meetingId, String assignee) {

  static Meeting of(Envelope message) {
    return message.payload().as(Meeting.class);
  }

  /** The business action the event asks for: one follow-up per meeting. */
  String businessKey() {
    return opportunityId + "/" + meetingId + "/create-followup";
  }
}
