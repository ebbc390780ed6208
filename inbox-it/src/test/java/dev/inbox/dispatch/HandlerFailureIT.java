package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.handlers.FlakyHandler;
import dev.inbox.it.handlers.Invocations;
import dev.inbox.it.handlers.Rows;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.util.Optional;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * A handler that throws rolls back the whole delivery, the inbox row with its business write, and
 * the redelivery applies the message once.
 */
@InboxTest
class HandlerFailureIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(HandlerFailureIT.class);
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;
  @Inject private Invocations invocations;

  @Test
  void aFailedAttemptLeavesNothingAndTheRedeliveryAppliesOnce() {
    String run = TestMessage.newRun();
    String id = run + "-evt-1";

    producer.send(TestMessage.of(run, id, FlakyHandler.TYPE, "{\"attempt\": \"any\"}"));

    broker.settledWhen(
        "the inbox queue drained and the message applied", () -> rows.inbox(run) == 1);
    // Called twice, yet one effect and one row: the first attempt's inbox row and effect, both
    // flushed before it threw, rolled back with it.
    assertEquals(2, invocations.of(FlakyHandler.CONSUMER, id), "handler calls");
    assertEquals(1, rows.effects(FlakyHandler.CONSUMER, run), "effects");
    assertEquals(1, rows.inbox(FlakyHandler.CONSUMER, run), "inbox rows");
    assertEquals(
        Optional.of(2),
        rows.deliveryCount(FlakyHandler.CONSUMER, id),
        "the row records that the second delivery applied it");
    assertEquals(Optional.of(1), rows.failedAttempts(FlakyHandler.CONSUMER, id), "ledger attempts");
    assertEquals(Optional.of("TRANSIENT"), rows.failureKind(FlakyHandler.CONSUMER, id));
    assertTrue(
        rows.receivedAtFirstFailure(FlakyHandler.CONSUMER, id),
        "received when the first delivery failed, processed by the second");
  }
}
