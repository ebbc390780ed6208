package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.handlers.Rows;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * The smallest proof, on the example handler that the EAR ships: two identities delivered twice
 * each give two inbox rows and two follow-up tasks.
 */
@InboxTest
class LabIT {

  private static final String CONSUMER = "crm-followup";
  private static final String TYPE = "meeting.held";

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(LabIT.class);
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;

  @Test
  void fourDeliveriesOfTwoIdentitiesGiveTwoRowsAndTwoEffects() {
    String run = TestMessage.newRun();
    TestMessage first = meeting(run, "evt-1", "meeting-184");
    TestMessage second = meeting(run, "evt-2", "meeting-185");

    producer.send(first, first, second, second);

    broker.settledWhen(
        "the inbox queue drained and two tasks created", () -> rows.followUpTasks(run) >= 2);
    assertEquals(2, rows.inbox(CONSUMER, run), "inbox rows");
    assertEquals(2, rows.followUpTasks(run), "follow-up tasks");
    assertEquals(0, rows.inDoubt(), "transactions in doubt in the database");
  }

  private static TestMessage meeting(String run, String event, String meetingId) {
    String body =
        """
        {"opportunityId": "%s-opportunity-2481", "meetingId": "%s", "assignee": "ana"}
        """
            .formatted(run, meetingId);
    return TestMessage.of(run, run + "-" + event, TYPE, body);
  }
}
