package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.handlers.Invocations;
import dev.inbox.it.handlers.RepublishedHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * Each consumer decides what makes two messages with one id the same: one that excludes the
 * volatile fields takes a re-publication as a duplicate, one that compares the whole body as a
 * collision, in the same delivery; a change inside the compared parts is a collision for both.
 */
@InboxTest
class RelevantContentIT {

  private static final String PUBLISHED =
      "{\"order\": 7, \"occurredAt\": \"2026-12-03T10:00:00Z\", \"traceId\": \"a1\"}";
  private static final String REPUBLISHED =
      "{\"order\": 7, \"occurredAt\": \"2026-12-03T10:05:00Z\", \"traceId\": \"b2\"}";
  private static final String CHANGED =
      "{\"order\": 8, \"occurredAt\": \"2026-12-03T10:00:00Z\", \"traceId\": \"a1\"}";

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(RelevantContentIT.class);
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;
  @Inject private Invocations invocations;

  @Test
  void aRepublicationIsADuplicateWhereOnlyExcludedFieldsDifferAndACollisionElsewhere() {
    String run = TestMessage.newRun();
    String id = run + "-order-7";

    producer.send(TestMessage.of(run, id, RepublishedHandler.TYPE, PUBLISHED));
    broker.settledWhen("both consumers applied it", () -> rows.inbox(run) == 2);
    producer.send(TestMessage.of(run, id, RepublishedHandler.TYPE, REPUBLISHED));
    broker.settledWhen(
        "the re-publication quarantined for the audit", () -> broker.quarantined(run).size() == 1);

    assertEquals(
        List.of(RepublishedHandler.AUDIT), consumersOf(broker.quarantined(run)), "quarantined for");
    assertEquals(1, invocations.of(RepublishedHandler.CONSUMER, id), "handler calls");
    assertEquals(1, rows.effects(RepublishedHandler.CONSUMER, run), "effects");
    assertEquals(1, rows.effects(RepublishedHandler.AUDIT, run), "audit effects");

    producer.send(TestMessage.of(run, id, RepublishedHandler.TYPE, CHANGED));
    broker.settledWhen(
        "the changed event quarantined for both", () -> broker.quarantined(run).size() == 3);

    List<Broker.Found> quarantined = broker.quarantined(run);
    assertEquals(
        List.of(RepublishedHandler.CONSUMER, RepublishedHandler.AUDIT, RepublishedHandler.AUDIT),
        consumersOf(quarantined),
        "quarantined for");
    quarantined.forEach(
        copy -> assertEquals("payload-mismatch", copy.property("inbox_reason"), "reason"));
    assertEquals(1, invocations.of(RepublishedHandler.CONSUMER, id), "handler calls");
    assertEquals(1, rows.effects(RepublishedHandler.CONSUMER, run), "effects");
  }

  private static List<String> consumersOf(List<Broker.Found> quarantined) {
    return quarantined.stream()
        .map(copy -> (String) copy.property("inbox_consumer"))
        .sorted()
        .toList();
  }
}
