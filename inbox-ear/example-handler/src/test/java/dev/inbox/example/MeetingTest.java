package dev.inbox.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.MessageRejectedException;
import dev.inbox.spi.Payload;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MeetingTest {

  @Test
  void aMeetingHeldEventGivesItsBusinessKey() {
    Meeting meeting =
        Meeting.of(
            event(
                "{\"opportunityId\":\"opportunity-2481\",\"meetingId\":\"meeting-184\","
                    + "\"assignee\":\"ana\"}"));

    assertEquals("opportunity-2481/meeting-184/create-followup", meeting.businessKey());
    assertEquals("ana", meeting.assignee());
  }

  @Test
  void aBodyThatIsNotAMeetingIsRejectedNeverTurnedIntoAKeyWithHoles() {
    for (String body :
        new String[] {
          "{\"meetingId\":\"meeting-184\"}",
          "{\"opportunityId\":\" \",\"meetingId\":\"meeting-184\"}",
          "{\"opportunityId\":\"opportunity-2481\",\"meetingId\":{}}",
          "[]",
          "meeting held"
        }) {
      MessageRejectedException rejected =
          assertThrows(MessageRejectedException.class, () -> Meeting.of(event(body)), body);
      assertTrue(
          rejected.getMessage().contains("Meeting")
              || rejected.getMessage().contains("meeting.held"),
          rejected.getMessage());
    }
  }

  private static Envelope event(String body) {
    return new Envelope("m-1", "meeting.held", null, null, Payload.ofText(body), Map.of(), null);
  }
}
