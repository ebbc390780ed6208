package dev.inbox.quarantine;

import static dev.inbox.testkit.Eventually.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Operator;
import dev.inbox.it.Producer;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.Cures;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.Invocations;
import dev.inbox.it.handlers.PoisonHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * An operator's redrive moves messages back to the inbox queue with their identity: one that was
 * never applied is applied once, one whose effect already happened ends as a duplicate.
 */
@InboxTest
class RedriveIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(RedriveIT.class);
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;
  @Inject private Invocations invocations;
  @Inject private Cures cures;

  @Test
  void aQuarantinedMessageRedrivenAfterTheFixIsAppliedOnce() {
    String run = TestMessage.newRun();
    String id = run + "-order-7";
    producer.send(TestMessage.of(run, id, PoisonHandler.TYPE, "{\"order\": 7}"));
    broker.settledWhen(
        "the message quarantined after its attempts", () -> broker.quarantined(run).size() == 1);
    int failedCalls = invocations.of(PoisonHandler.CONSUMER, id);

    cures.cure(id);
    double redrivesBefore = redrives(PoisonHandler.TYPE);
    // The operator's own script: server-config/wildfly/redrive.sh, or artemis/redrive.sh.
    Operator.redrive("quarantine", "messageId = '" + id + "'");

    broker.settledWhen(
        "the inbox queue drained, the message applied and its redrive counted",
        () -> rows.inbox(run) == 1 && redrives(PoisonHandler.TYPE) - redrivesBefore >= 1);
    assertEquals(1, redrives(PoisonHandler.TYPE) - redrivesBefore, "redrives counted");
    assertEquals(0, broker.quarantined(run).size(), "quarantined messages");
    assertEquals(1, rows.effects(PoisonHandler.CONSUMER, run), "effects");
    assertEquals(failedCalls + 1, invocations.of(PoisonHandler.CONSUMER, id), "handler calls");
    assertEquals(
        Optional.empty(),
        rows.failedAttempts(PoisonHandler.CONSUMER, id),
        "the redrive cleared the failure ledger");
  }

  @Test
  void aRedrivenMessageWhoseEffectHappenedEndsAsADuplicate() {
    String run = TestMessage.newRun();
    String id = run + "-evt-1";
    TestMessage message = TestMessage.of(run, id, EffectHandler.TYPE, "{\"order\": 8}");
    producer.send(message);
    broker.settledWhen("the message applied", () -> rows.inbox(run) == 1);
    // A copy the broker gave up on, say after a commit whose acknowledgement was lost.
    broker.deadLetter(message);
    eventually("the copy on the dead-letter queue")
        .until(() -> broker.deadLettered(run).size() == 1);

    double redrivesBefore = redrives(EffectHandler.TYPE);
    Operator.redrive("dlq", "messageId = '" + id + "'");

    broker.settledWhen(
        "the inbox queue and the dead-letter queue drained, the redrive counted",
        () ->
            broker.deadLettered(run).isEmpty()
                && redrives(EffectHandler.TYPE) - redrivesBefore >= 1);
    assertEquals(1, rows.inbox(run), "inbox rows");
    assertEquals(1, rows.effects(EffectHandler.CONSUMER, run), "effects");
    assertEquals(1, invocations.of(EffectHandler.CONSUMER, id), "handler calls");
  }

  private static double redrives(String type) {
    return Settings.ofServer().scrape().value("inbox_redrives_total", Map.of("type", type));
  }
}
