package dev.inbox.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.Rows;
import dev.inbox.it.handlers.UncertainHandler;
import dev.inbox.it.handlers.VersionedHandler;
import dev.inbox.testkit.Scrape;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The counters no other scenario moves, each by what its scenario did: a semantic duplicate, a
 * contract version the consumer does not declare, an uncertain external effect, a type nobody
 * handles under {@code inbox.unknown-type-policy=ignore} (counted and acknowledged, never
 * quarantined), and the commit latency of what was applied.
 */
@InboxTest
@Tag("once-per-server")
class CounterCatalogueIT {

  private static final Map<String, String> CRM =
      Map.of("consumer", "crm-followup", "type", "meeting.held");

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(
        CounterCatalogueIT.class, Map.of("inbox.unknown-type-policy", "ignore"));
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;

  @Test
  void eachScenarioMovesItsCounterByOne() {
    String run = TestMessage.newRun();
    String meeting =
        "{\"opportunityId\": \"%s-opportunity\", \"meetingId\": \"meeting-9\"}".formatted(run);
    Scrape before = Settings.ofServer().scrape();

    producer.send(TestMessage.of(run, run + "-evt-1", "meeting.held", meeting));
    broker.settledWhen("the meeting applied", () -> rows.inbox(run) == 1);
    producer.send(
        TestMessage.of(run, run + "-evt-1-again", "meeting.held", meeting),
        TestMessage.of(run, run + "-v1", VersionedHandler.TYPE, "{}").with("contractVersion", "1"),
        TestMessage.of(run, run + "-uncertain", UncertainHandler.TYPE, "{}"),
        TestMessage.of(run, run + "-nobody", "it.nobody", "{}"));
    broker.settledWhen(
        "every message decided",
        () ->
            rows.inbox(run) == 3
                && delta(before, "inbox_ignored_total", Map.of()) >= 1
                && delta(before, "inbox_contract_version_rejections_total", versioned()) >= 1
                && delta(before, "inbox_semantic_duplicates_total", CRM) >= 1
                && delta(before, "inbox_applied_total", CRM) >= 1
                && delta(before, "inbox_uncertain_effects_total", uncertain()) >= 1
                && delta(before, "inbox_commit_latency_seconds_count", uncertain()) >= 1);

    assertEquals(1, delta(before, "inbox_semantic_duplicates_total", CRM), "semantic duplicates");
    assertEquals(1, delta(before, "inbox_applied_total", CRM), "applied");
    assertEquals(
        1, delta(before, "inbox_contract_version_rejections_total", versioned()), "rejections");
    assertEquals(
        1,
        delta(
            before, "inbox_uncertain_effects_total", Map.of("consumer", UncertainHandler.CONSUMER)),
        "uncertain effects");
    assertEquals(1, delta(before, "inbox_ignored_total", Map.of()), "ignored");
    assertEquals(
        1,
        delta(before, "inbox_quarantined_total", Map.of("reason", "unsupported-contract-version")),
        "quarantined: the contract version only, not the ignored type");
    assertEquals(0, delta(before, "inbox_quarantined_total", Map.of("reason", "unknown-type")));
    assertEquals(1, broker.quarantined(run).size(), "quarantined messages of the run");
    assertTrue(
        delta(
                before,
                "inbox_commit_latency_seconds_count",
                Map.of("consumer", UncertainHandler.CONSUMER))
            >= 1,
        "the applied message's commit latency");
  }

  private static Map<String, String> uncertain() {
    return Map.of("consumer", UncertainHandler.CONSUMER);
  }

  private static Map<String, String> versioned() {
    return Map.of("consumer", VersionedHandler.CONSUMER);
  }

  private static double delta(Scrape before, String name, Map<String, String> labels) {
    return Settings.ofServer().scrape().value(name, labels) - before.value(name, labels);
  }
}
