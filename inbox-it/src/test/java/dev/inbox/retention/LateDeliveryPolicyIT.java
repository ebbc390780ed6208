package dev.inbox.retention;

import static dev.inbox.testkit.Eventually.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.Invocations;
import dev.inbox.it.handlers.RetentionHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * With {@code inbox.late-delivery-policy=process}, a message older than the consumer's retention
 * watermark is applied instead of quarantined, and counted as late: the team chose to take the risk
 * that it is a purged key's redelivery. As in RetentionIT, one consumer keeps rows for 3 seconds.
 */
@InboxTest
@Tag("once-per-server")
class LateDeliveryPolicyIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(
        LateDeliveryPolicyIT.class,
        RetentionHandler.threeSecondRetention(Map.of("inbox.late-delivery-policy", "process")));
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;
  @Inject private Invocations invocations;

  @Test
  void aLateDeliveryIsAppliedAndCountedAsLate() {
    String run = TestMessage.newRun();
    String late = run + "-late";
    String purged = run + "-purged";
    double lateBefore = late();
    // Sent first, and dead-lettered at once: older than the other message, whose row goes next.
    broker.deadLetter(TestMessage.of(run, late, RetentionHandler.TYPE, "{}"));
    producer.send(TestMessage.of(run, purged, RetentionHandler.TYPE, "{}"));
    eventually("the other message applied, then purged")
        .until(
            () ->
                rows.effects(RetentionHandler.CONSUMER, purged) == 1
                    && rows.inbox(RetentionHandler.CONSUMER, purged) == 0);

    assertEquals(1, broker.redriveFromDeadLetterQueue("messageId = '" + late + "'"), "moved");

    broker.settledWhen(
        "the late message applied", () -> rows.effectsOf(RetentionHandler.CONSUMER, late) == 1);
    assertEquals(List.of(), broker.quarantined(run), "quarantined");
    assertEquals(1, invocations.of(RetentionHandler.CONSUMER, late), "handler calls");
    eventually("the late delivery counted").until(() -> late() - lateBefore >= 1);
  }

  private static double late() {
    return Settings.ofServer()
        .scrape()
        .value("inbox_late_deliveries_total", Map.of("consumer", RetentionHandler.CONSUMER));
  }
}
