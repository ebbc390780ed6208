package dev.inbox.quarantine;

import static dev.inbox.testkit.Eventually.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.it.handlers.VersionedHandler;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * Messages no consumer can take are quarantined with their reason, body and properties, and never
 * recorded as processed.
 */
@InboxTest
class InvalidMessageIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(InvalidMessageIT.class);
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;

  @Test
  void messagesWithoutIdentityTypeOrConsumerAreQuarantinedWithTheirReasons() {
    String run = TestMessage.newRun();
    TestMessage noId =
        TestMessage.of(run, null, EffectHandler.TYPE, "{\"case\": \"no id\"}")
            .with("case", "no-id");
    TestMessage noType =
        TestMessage.of(run, run + "-no-type", null, "{\"case\": \"no type\"}")
            .with("case", "no-type");
    TestMessage unknownType =
        TestMessage.of(run, run + "-unknown", "it.nobody-handles-this", "{\"case\": \"unknown\"}")
            .with("case", "unknown-type");

    producer.send(noId, noType, unknownType);

    broker.settledWhen(
        "the inbox queue drained and three messages quarantined",
        () -> broker.quarantined(run).size() == 3);
    Map<Object, Broker.Found> byCase =
        broker.quarantined(run).stream()
            .collect(Collectors.toMap(found -> found.property("case"), found -> found));
    assertEquals("missing-identity", byCase.get("no-id").property("inbox_reason"));
    assertEquals("missing-type", byCase.get("no-type").property("inbox_reason"));
    assertEquals("unknown-type", byCase.get("unknown-type").property("inbox_reason"));
    assertEquals(noId.body(), byCase.get("no-id").text(), "the body is kept");
    assertEquals(run + "-unknown", byCase.get("unknown-type").property("messageId"));
    assertEquals(
        "InboxQueue",
        byCase.get("unknown-type").property("inbox_original_destination"),
        "where a redrive sends it back");
    assertEquals(0, rows.inbox(run), "inbox rows: none is recorded as processed");
    long onTheQueue = broker.depth(Settings.ofServer().brokerQueue("InboxQuarantine"));
    eventually("the quarantine depth gauge refreshed to the broker's count of the queue")
        .until(
            () ->
                Settings.ofServer().scrape().value("inbox_quarantine_depth", Map.of())
                    == onTheQueue);
  }

  @Test
  void aContractVersionTheConsumerDoesNotDeclareIsQuarantined() {
    String run = TestMessage.newRun();
    TestMessage version1 =
        TestMessage.of(run, run + "-v1", VersionedHandler.TYPE, "{}").with("contractVersion", "1");
    TestMessage version2 =
        TestMessage.of(run, run + "-v2", VersionedHandler.TYPE, "{}").with("contractVersion", "2");
    TestMessage noVersion = TestMessage.of(run, run + "-none", VersionedHandler.TYPE, "{}");

    producer.send(version1, version2, noVersion);

    broker.settledWhen(
        "the inbox queue drained and two messages quarantined",
        () -> broker.quarantined(run).size() == 2);
    Map<Object, Broker.Found> byId =
        broker.quarantined(run).stream()
            .collect(Collectors.toMap(found -> found.property("messageId"), found -> found));
    for (String id : new String[] {run + "-v1", run + "-none"}) {
      assertEquals("unsupported-contract-version", byId.get(id).property("inbox_reason"), id);
      assertEquals(VersionedHandler.CONSUMER, byId.get(id).property("inbox_consumer"), id);
    }
    assertEquals(1, rows.inbox(VersionedHandler.CONSUMER, run), "inbox rows: version 2 only");
    assertEquals(1, rows.effects(VersionedHandler.CONSUMER, run + "-v2"), "effects of version 2");
  }
}
