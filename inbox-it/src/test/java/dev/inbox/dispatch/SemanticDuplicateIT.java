package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.handlers.Rows;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * Two message ids that ask for the same business action (the example handler's business key:
 * opportunity, meeting, create-followup) give one effect; the second is a semantic duplicate.
 */
@InboxTest
class SemanticDuplicateIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(SemanticDuplicateIT.class);
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;

  @Test
  void aSecondIdForTheSameActionIsRecordedAsADuplicateOfTheFirst() {
    String run = TestMessage.newRun();
    String body =
        "{\"opportunityId\": \"%s-opportunity-2481\", \"meetingId\": \"meeting-184\"}"
            .formatted(run);
    String first = run + "-evt-1";
    String republished = run + "-evt-1-republished";

    producer.send(TestMessage.of(run, first, "meeting.held", body));
    broker.settledWhen("the first message applied", () -> rows.followUpTasks(run) == 1);
    producer.send(TestMessage.of(run, republished, "meeting.held", body));
    broker.settledWhen(
        "the inbox queue drained and both messages recorded", () -> rows.inbox(run) == 2);

    assertEquals(1, rows.followUpTasks(run), "follow-up tasks");
    assertEquals(Optional.of(first), rows.duplicateOf("crm-followup", republished));
    assertEquals(Optional.empty(), rows.duplicateOf("crm-followup", first));
  }

  /**
   * Two ids for the same action delivered at once: the unique business key lets one insert, the
   * other loses the race, rolls back, and its redelivery finds the winner's key.
   */
  @Test
  void concurrentIdsForTheSameActionGiveOneEffect() {
    String run = TestMessage.newRun();
    List<TestMessage> first = new ArrayList<>();
    List<TestMessage> second = new ArrayList<>();
    for (int meeting = 0; meeting < 50; meeting++) {
      String body =
          "{\"opportunityId\": \"%s-opportunity-%d\", \"meetingId\": \"meeting-1\"}"
              .formatted(run, meeting);
      first.add(TestMessage.of(run, run + "-a-" + meeting, "meeting.held", body));
      second.add(TestMessage.of(run, run + "-b-" + meeting, "meeting.held", body));
    }

    producer.sendConcurrently(List.of(first, second));

    broker.settledWhen(
        "the inbox queue drained and every message recorded", () -> rows.inbox(run) >= 100);
    assertEquals(100, rows.inbox(run), "inbox rows: every message is recorded");
    assertEquals(50, rows.followUpTasks(run), "follow-up tasks: one per meeting");
    assertEquals(50, rows.semanticDuplicates("crm-followup", run), "semantic duplicates");
  }
}
