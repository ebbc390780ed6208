package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.ServerLog;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.FanoutAuditHandler;
import dev.inbox.it.handlers.FanoutBillingHandler;
import dev.inbox.it.handlers.Invocations;
import dev.inbox.it.handlers.Rows;
import dev.inbox.testkit.Scrape;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/** Two handlers of one type are two consumers: each applies the message once, in its own row. */
@InboxTest
class TwoConsumersIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(TwoConsumersIT.class);
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;
  @Inject private Invocations invocations;

  @Test
  void eachConsumerAppliesOnceWithItsOwnRow() {
    String run = TestMessage.newRun();
    String id = run + "-order-created";
    TestMessage order = TestMessage.of(run, id, FanoutAuditHandler.TYPE, "{\"order\": 7}");

    producer.send(order, order);

    broker.settledWhen(
        "the inbox queue drained and both consumers applied", () -> rows.inbox(run) == 2);
    for (String consumer :
        new String[] {FanoutAuditHandler.CONSUMER, FanoutBillingHandler.CONSUMER}) {
      assertEquals(1, rows.inbox(consumer, run), "inbox rows of " + consumer);
      assertEquals(1, rows.effects(consumer, run), "effects of " + consumer);
      assertEquals(1, invocations.of(consumer, id), "handler calls of " + consumer);
    }
    assertEquals(2, rows.inbox(run), "inbox rows in all");
  }

  /**
   * Concurrent copies of fan-out messages: a delivery that loses the race on its first consumer's
   * row stops there (PostgreSQL aborts a transaction after a failed statement), rolls back, and is
   * absorbed on redelivery for both consumers.
   */
  @Test
  void concurrentCopiesAreAppliedOncePerConsumer() {
    String run = TestMessage.newRun();
    ServerLog log = new ServerLog();
    long mark = log.mark();
    List<TestMessage> messages = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      messages.add(
          TestMessage.of(run, run + "-" + i, FanoutAuditHandler.TYPE, "{\"n\": " + i + "}"));
    }

    double conflictsBefore = conflicts();

    producer.sendConcurrently(List.of(messages, messages, messages, messages));

    broker.settledWhen(
        "the inbox queue drained and both consumers applied every message",
        () -> rows.inbox(run) >= 200);
    for (String consumer :
        new String[] {FanoutAuditHandler.CONSUMER, FanoutBillingHandler.CONSUMER}) {
      assertEquals(100, rows.inbox(consumer, run), "inbox rows of " + consumer);
      assertEquals(100, rows.effects(consumer, run), "effects of " + consumer);
    }
    assertEquals(List.of(), log.errorsSince(mark), "errors in the server log");
    assertTrue(conflicts() > conflictsBefore, "copies raced on the unique key, and lost cleanly");
  }

  /** Races lost by either consumer: a delivery stops at the first consumer whose row it loses. */
  private static double conflicts() {
    Scrape scrape = Settings.ofServer().scrape();
    return scrape.value("inbox_conflicts_total", Map.of("consumer", FanoutAuditHandler.CONSUMER))
        + scrape.value("inbox_conflicts_total", Map.of("consumer", FanoutBillingHandler.CONSUMER));
  }
}
