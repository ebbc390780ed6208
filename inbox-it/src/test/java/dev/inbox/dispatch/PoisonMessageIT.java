package dev.inbox.dispatch;

import static dev.inbox.testkit.Eventually.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.ErrorHandler;
import dev.inbox.it.handlers.Invocations;
import dev.inbox.it.handlers.PoisonHandler;
import dev.inbox.it.handlers.PoisonPairFirstHandler;
import dev.inbox.it.handlers.PoisonPairSecondHandler;
import dev.inbox.it.handlers.RejectingHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.it.handlers.SwallowingHandler;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Messages a handler cannot apply end in quarantine with a reason an operator can act on: never
 * recorded as processed, no business work committed, and no other message held up.
 */
@InboxTest
class PoisonMessageIT {

  /** inbox.max-attempts, by default. */
  private static final int MAX_ATTEMPTS = 5;

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(PoisonMessageIT.class);
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;
  @Inject private Invocations invocations;

  @Test
  void aPoisonMessageIsQuarantinedAfterMaxAttemptsWhileOthersFlow() {
    String run = TestMessage.newRun();
    String poison = run + "-poison";
    List<TestMessage> healthy = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      healthy.add(TestMessage.of(run, run + "-healthy-" + i, EffectHandler.TYPE, "{}"));
    }

    producer.send(TestMessage.of(run, poison, PoisonHandler.TYPE, "{\"order\": 7}"));
    producer.send(healthy);

    eventually("every healthy message applied")
        .until(() -> rows.inbox(EffectHandler.CONSUMER, run) == healthy.size());
    assertTrue(
        broker.quarantined(run).isEmpty(),
        "the healthy messages were applied while the poison message was still being retried");
    broker.settledWhen(
        "the inbox queue drained and the poison message quarantined",
        () -> broker.quarantined(run).size() == 1);

    Broker.Found quarantined = broker.assertQuarantined(run, "retries-exhausted");
    assertEquals(PoisonHandler.CONSUMER, quarantined.property("inbox_consumer"));
    assertEquals(poison, quarantined.property("messageId"));
    assertTrue(
        String.valueOf(quarantined.property("inbox_error")).contains("cannot apply " + poison),
        "the error says what failed: " + quarantined.property("inbox_error"));
    assertEquals(MAX_ATTEMPTS, invocations.of(PoisonHandler.CONSUMER, poison), "handler calls");
    assertEquals(Optional.of(MAX_ATTEMPTS), rows.failedAttempts(PoisonHandler.CONSUMER, poison));
    assertEquals(0, rows.inbox(PoisonHandler.CONSUMER, run), "inbox rows of the poison message");
    assertEquals(0, rows.effects(PoisonHandler.CONSUMER, run), "business writes committed");
    assertEquals(healthy.size(), rows.effects(EffectHandler.CONSUMER, run), "healthy effects");
  }

  @Test
  void anErrorAHandlerThrowsIsItsFailureToo() {
    String run = TestMessage.newRun();
    String id = run + "-error";

    producer.send(TestMessage.of(run, id, ErrorHandler.TYPE, "{}"));

    broker.settledWhen(
        "the inbox queue drained and the message quarantined",
        () -> broker.quarantined(run).size() == 1);
    Broker.Found quarantined = broker.assertQuarantined(run, "retries-exhausted");
    assertTrue(
        String.valueOf(quarantined.property("inbox_error")).contains("AssertionError"),
        "the error says what was thrown: " + quarantined.property("inbox_error"));
    assertEquals(MAX_ATTEMPTS, invocations.of(ErrorHandler.CONSUMER, id), "handler calls");
    assertEquals(Optional.of(MAX_ATTEMPTS), rows.failedAttempts(ErrorHandler.CONSUMER, id));
    assertEquals(0, rows.effects(ErrorHandler.CONSUMER, run), "business writes committed");
    assertEquals(List.of(), broker.deadLettered(run), "dead-lettered");
  }

  /**
   * Each consumer of a type gets all its attempts, one after the other, and the broker's limit
   * leaves room for them: the message ends quarantined for both, never in the dead-letter queue. It
   * takes the default redelivery delays, about a minute, so it runs in the embedded default's cells
   * only (docs/testing.md).
   */
  @Test
  @Tag("long")
  void aMessageTwoConsumersFailOnIsQuarantinedForBothNotDeadLettered() {
    String run = TestMessage.newRun();
    String id = run + "-pair";

    producer.send(TestMessage.of(run, id, PoisonPairFirstHandler.TYPE, "{}"));

    broker.settledWhen(
        "the inbox queue drained and the message quarantined for both consumers",
        () -> broker.quarantined(run).size() == 2);
    for (String consumer :
        List.of(PoisonPairFirstHandler.CONSUMER, PoisonPairSecondHandler.CONSUMER)) {
      assertTrue(
          broker.quarantined(run).stream()
              .anyMatch(
                  found ->
                      consumer.equals(found.property("inbox_consumer"))
                          && "retries-exhausted".equals(found.property("inbox_reason"))),
          consumer + " quarantined it: " + broker.quarantined(run));
      assertEquals(Optional.of(MAX_ATTEMPTS), rows.failedAttempts(consumer, id), consumer);
      assertEquals(0, rows.effects(consumer, run), consumer + "'s business writes committed");
    }
    assertEquals(List.of(), broker.deadLettered(run), "dead-lettered");
  }

  @Test
  void aFailureTheHandlerHidAfterItDoomedTheTransactionIsStillItsFailure() {
    String run = TestMessage.newRun();
    String id = run + "-hidden";

    producer.send(TestMessage.of(run, id, SwallowingHandler.TYPE, "{}"));

    broker.settledWhen(
        "the inbox queue drained and the message quarantined",
        () -> broker.quarantined(run).size() == 1);
    Broker.Found quarantined = broker.assertQuarantined(run, "retries-exhausted");
    assertEquals(SwallowingHandler.CONSUMER, quarantined.property("inbox_consumer"));
    assertEquals(Optional.of(MAX_ATTEMPTS), rows.failedAttempts(SwallowingHandler.CONSUMER, id));
    assertEquals(0, rows.inbox(SwallowingHandler.CONSUMER, run), "inbox rows");
    assertEquals(0, rows.effects(SwallowingHandler.CONSUMER, run), "business writes committed");
  }

  @Test
  void aPayloadThatBreaksItsTypesConstraintsIsQuarantinedAsRejected() {
    String run = TestMessage.newRun();

    // The example handler's Meeting needs an opportunity: Bean Validation on the bound payload.
    producer.send(
        TestMessage.of(run, run + "-meeting", "meeting.held", "{\"meetingId\": \"m-1\"}"));

    broker.settledWhen(
        "the inbox queue drained and the message quarantined",
        () -> broker.quarantined(run).size() == 1);
    Broker.Found quarantined = broker.assertQuarantined(run, "rejected");
    assertEquals("crm-followup", quarantined.property("inbox_consumer"));
    assertTrue(
        String.valueOf(quarantined.property("inbox_error")).contains("opportunityId"),
        "the violated constraint reaches the operator: " + quarantined.property("inbox_error"));
  }

  @Test
  void aRejectedMessageIsQuarantinedOnTheNextDeliveryWithoutCallingTheHandlerAgain() {
    String run = TestMessage.newRun();
    String id = run + "-rejected";

    producer.send(TestMessage.of(run, id, RejectingHandler.TYPE, "{\"order\": 7}"));

    broker.settledWhen(
        "the inbox queue drained and the message quarantined",
        () -> broker.quarantined(run).size() == 1);
    Broker.Found quarantined = broker.assertQuarantined(run, "rejected");
    assertEquals(RejectingHandler.CONSUMER, quarantined.property("inbox_consumer"));
    assertTrue(
        String.valueOf(quarantined.property("inbox_error")).contains("never will"),
        "the rejection's reason reaches the operator: " + quarantined.property("inbox_error"));
    assertEquals(1, invocations.of(RejectingHandler.CONSUMER, id), "handler calls");
    assertEquals(Optional.of("PERMANENT"), rows.failureKind(RejectingHandler.CONSUMER, id));
    assertEquals(0, rows.inbox(RejectingHandler.CONSUMER, run), "inbox rows");
    assertEquals(0, rows.effects(RejectingHandler.CONSUMER, run), "business writes committed");
  }
}
