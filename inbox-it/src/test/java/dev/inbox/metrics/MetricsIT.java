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
    return Deployments.inbox(MetricsIT.class);
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
        delta(before, after, "inbox_received_total", Map.of("type", "other")) >= 1,
        "a message without a type received as type other");
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
      assertTrue(
          settings.metricsUrl().startsWith("http://127.0.0.1:10090/"),
          "on the management port, not the applications': " + settings.metricsUrl());
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
