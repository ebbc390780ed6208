package dev.inbox.metrics;

import static dev.inbox.testkit.Eventually.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.OperationsFiles;
import dev.inbox.it.Producer;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.FlakyHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.it.orders.Orders;
import dev.inbox.it.stored.StoredHandler;
import dev.inbox.testkit.Scrape;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Set;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * The metrics an admin scrapes, read over HTTP from the server's real endpoint: a known scenario
 * moves the counters by exactly what it did, and a rolled-back attempt never counts as applied.
 */
@InboxTest
class MetricsIT {

  private static final Map<String, String> CRM =
      Map.of("consumer", "crm-followup", "type", "meeting.held");
  private static final Map<String, String> EFFECTS =
      Map.of("consumer", EffectHandler.CONSUMER, "type", EffectHandler.TYPE);

  @Deployment
  static EnterpriseArchive deployment() {
    // With a store-then-process consumer and a team's idempotent resource, whose series exist
    // from the start.
    return Deployments.withHandlersOf(
        MetricsIT.class, Map.of(), StoredHandler.class.getPackage(), Orders.class.getPackage());
  }

  private static final Map<String, String> MISSING_TYPE =
      Map.of("consumer", "", "reason", "missing-type");

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;

  @Test
  void theCountersMoveByWhatTheScenarioDid() {
    String run = TestMessage.newRun();
    Scrape before = Settings.ofServer().scrape();

    // The lab: two identities, twice each.
    TestMessage first = meeting(run, "evt-1", "meeting-1");
    TestMessage second = meeting(run, "evt-2", "meeting-2");
    producer.send(first, first, second, second);
    // One collision: the same id with another payload, after the first was applied.
    String reused = run + "-evt-482";
    producer.send(TestMessage.of(run, reused, EffectHandler.TYPE, "{\"quantity\": 10}"));
    eventually("the first payload applied").until(() -> rows.inbox(reused) == 1);
    producer.send(TestMessage.of(run, reused, EffectHandler.TYPE, "{\"quantity\": 12}"));
    // One invalid message, and one attempt that rolls back before the redelivery applies.
    producer.send(TestMessage.of(run, null, EffectHandler.TYPE, "{}"));
    producer.send(TestMessage.of(run, run + "-flaky", FlakyHandler.TYPE, "{}"));
    // A message without a type: counted under the type "other".
    producer.send(TestMessage.of(run, run + "-untyped", null, "{}"));

    broker.settledWhen(
        "every counter moved",
        () ->
            delta(before, Settings.ofServer().scrape(), "inbox_applied_total", CRM) >= 2
                && delta(before, Settings.ofServer().scrape(), "inbox_duplicates_total", CRM) >= 2
                && delta(before, Settings.ofServer().scrape(), "inbox_collisions_total", EFFECTS)
                    >= 1
                && delta(before, Settings.ofServer().scrape(), "inbox_applied_total", flaky()) >= 1
                && delta(
                        before,
                        Settings.ofServer().scrape(),
                        "inbox_quarantined_total",
                        MISSING_TYPE)
                    >= 1);
    Scrape after = Settings.ofServer().scrape();
    assertEquals(2, delta(before, after, "inbox_applied_total", CRM), "applied");
    assertEquals(2, delta(before, after, "inbox_duplicates_total", CRM), "duplicates");
    assertEquals(
        1, delta(before, after, "inbox_applied_total", EFFECTS), "applied, collision case");
    assertEquals(1, delta(before, after, "inbox_collisions_total", EFFECTS), "collisions");
    assertEquals(
        1,
        delta(
            before,
            after,
            "inbox_quarantined_total",
            Map.of("consumer", EffectHandler.CONSUMER, "reason", "payload-mismatch")),
        "quarantined as payload-mismatch");
    assertEquals(
        1,
        delta(
            before,
            after,
            "inbox_quarantined_total",
            Map.of("consumer", "", "reason", "missing-identity")),
        "quarantined as missing-identity");
    assertEquals(1, delta(before, after, "inbox_quarantined_total", MISSING_TYPE), "missing-type");
    assertTrue(
        delta(before, after, "inbox_received_total", Map.of("consumer", "", "type", "other")) >= 1,
        "a message without a type received as type other, by no consumer");
    assertEquals(
        2,
        delta(before, after, "inbox_received_total", flaky()),
        "received by the flaky consumer: the attempt and its redelivery");
    assertEquals(
        1,
        delta(before, after, "inbox_applied_total", flaky()),
        "the rolled-back attempt did not count as applied");
    assertEquals(
        1,
        delta(
            before,
            after,
            "inbox_failures_total",
            Map.of("consumer", FlakyHandler.CONSUMER, "kind", "TRANSIENT")),
        "failed attempts");
    assertTrue(
        delta(before, after, "inbox_redeliveries_total", Map.of("type", FlakyHandler.TYPE)) >= 1,
        "the flaky message's redelivery");
    assertTrue(
        delta(
                before,
                after,
                "inbox_handler_duration_seconds_count",
                Map.of("consumer", "crm-followup"))
            >= 2,
        "handler calls timed");
  }

  @Test
  void theGaugesShowTheBackgroundSnapshot() {
    String run = TestMessage.newRun();
    producer.send(TestMessage.of(run, run + "-evt-1", EffectHandler.TYPE, "{}"));

    eventually("the snapshot counts the new row")
        .until(
            () ->
                rows.inbox(run) == 1
                    && Settings.ofServer()
                            .scrape()
                            .value("inbox_rows", Map.of("consumer", EffectHandler.CONSUMER))
                        >= rows.inbox(EffectHandler.CONSUMER, ""));
    Scrape scrape = Settings.ofServer().scrape();
    assertTrue(scrape.exports("inbox_oldest_row_age_seconds"), "oldest row age");
    assertTrue(scrape.exports("inbox_failure_ledger_rows"), "failure ledger size");
    assertTrue(scrape.exports("inbox_quarantine_depth"), "quarantine depth");
  }

  /**
   * The backlog and the dead-letter queue, as the broker counts them: the inbox queue paused, so
   * that its messages wait, and messages put on the dead-letter queue as the broker puts those it
   * gave up on.
   */
  @Test
  void theQueueGaugesShowTheBrokersCounts() {
    String run = TestMessage.newRun();
    Settings settings = Settings.ofServer();
    String inboxQueue = settings.brokerQueue("InboxQueue");
    String deadLetterQueue = settings.brokerQueue("InboxDLQ");
    broker.deadLetter(
        TestMessage.of(run, run + "-dead-1", EffectHandler.TYPE, "{}"),
        TestMessage.of(run, run + "-dead-2", EffectHandler.TYPE, "{}"));
    // A standalone broker takes a message sent through its management a moment later.
    eventually("the dead-letter gauge refreshed to the broker's count, the two included")
        .until(
            () -> {
              long deadLetters = broker.depth(deadLetterQueue);
              return deadLetters >= 2
                  && settings.scrape().value("inbox_dead_letter_depth", Map.of()) == deadLetters;
            });

    broker.pause(inboxQueue);
    try {
      producer.send(
          TestMessage.of(run, run + "-waiting-1", EffectHandler.TYPE, "{}"),
          TestMessage.of(run, run + "-waiting-2", EffectHandler.TYPE, "{}"),
          TestMessage.of(run, run + "-waiting-3", EffectHandler.TYPE, "{}"));
      eventually("the backlog gauge counts the three waiting messages")
          .until(
              () ->
                  settings.scrape().value("inbox_queue_depth", Map.of()) >= 3
                      && broker.depth(inboxQueue) >= 3);
    } finally {
      broker.resume(inboxQueue);
    }
    eventually("the backlog applied and the gauge back to the broker's empty queue")
        .until(
            () ->
                rows.inbox(run) == 3
                    && broker.depth(inboxQueue) == 0
                    && settings.scrape().value("inbox_queue_depth", Map.of()) == 0);
  }

  /** Each consumer's retention, for the alert on rows that outlive it: the default, 30 days. */
  @Test
  void theRetentionGaugeShowsEachConsumersRetention() {
    assertEquals(
        30 * 24 * 3600.0,
        Settings.ofServer()
            .scrape()
            .value("inbox_retention_seconds", Map.of("consumer", EffectHandler.CONSUMER)));
  }

  @Test
  void theAlertRulesAndTheDashboardQueryOnlySeriesTheServerExports() {
    Scrape scrape = Settings.ofServer().scrape();
    Set<String> series = OperationsFiles.seriesQueried();
    assertFalse(series.isEmpty(), "series queried");
    for (String name : series) {
      assertTrue(scrape.exports(name), "the operations files query " + name + ", not exported");
    }
  }

  /**
   * Where the applications are served, the metrics are behind a login over HTTPS (Payara, which
   * sends a plain HTTP request there); WildFly serves them on its management port instead, which
   * listens on the loopback interface.
   */
  @Test
  void anAnonymousScraperIsRefusedOnTheApplicationsPort() {
    Settings settings = Settings.ofServer();
    if (settings.metricsUser().isEmpty()) {
      assertFalse(
          settings.metricsUrl().startsWith(settings.appUrl() + "/"),
          "on the management port, not the applications' (%s): %s"
              .formatted(settings.appUrl(), settings.metricsUrl()));
    } else {
      assertEquals(
          401,
          Settings.ofServer().anonymousMetricsStatus(),
          "an anonymous scrape of " + settings.metricsUrl());
    }
    assertTrue(
        Settings.ofServer().scrape().exports("inbox_applied_total"),
        "the scraper's own login is let in");
  }

  private static Map<String, String> flaky() {
    return Map.of("consumer", FlakyHandler.CONSUMER, "type", FlakyHandler.TYPE);
  }

  private static double delta(
      Scrape before, Scrape after, String name, Map<String, String> labels) {
    return after.value(name, labels) - before.value(name, labels);
  }

  private static TestMessage meeting(String run, String event, String meetingId) {
    String body =
        "{\"opportunityId\": \"%s-opportunity\", \"meetingId\": \"%s\"}".formatted(run, meetingId);
    return TestMessage.of(run, run + "-" + event, "meeting.held", body);
  }
}
