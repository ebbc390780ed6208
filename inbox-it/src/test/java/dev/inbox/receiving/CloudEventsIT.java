package dev.inbox.receiving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.it.handlers.TestEffect;
import dev.inbox.spi.QuarantineProperties;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * CloudEvents: in binary mode, identity from ce_source and ce_id, type from ce_type; in structured
 * mode (the event as JSON in the body, content_type application/cloudevents+json) the same from the
 * event's attributes, with its data as the payload, so that one event sent both ways is one
 * message.
 */
@InboxTest
class CloudEventsIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(CloudEventsIT.class);
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;

  @Test
  void aCloudEventIsIdentifiedBySourceAndId() {
    String run = TestMessage.newRun();
    String source = "/" + run + "/crm";
    TestMessage event =
        new TestMessage(
            "{\"order\": 1}",
            Map.of(
                TestMessage.RUN,
                run,
                "ce_specversion",
                "1.0",
                "ce_id",
                "A-234",
                "ce_source",
                source,
                "ce_type",
                EffectHandler.TYPE));
    // Another source may reuse the id: it is another event.
    TestMessage otherSource = event.with("ce_source", source + "/eu");

    producer.send(event, event, otherSource);

    broker.settledWhen("the inbox queue drained", () -> rows.inbox(source) == 2);
    assertEquals(1, rows.inbox(EffectHandler.CONSUMER, source + " A-234"), "the first source");
    assertEquals(1, rows.inbox(EffectHandler.CONSUMER, source + "/eu A-234"), "the other source");
    assertEquals(2, rows.effects(EffectHandler.CONSUMER, source), "effects");
  }

  /** The data of the structured event, as JSON-P writes it for the handler. */
  private static final String DATA = "{\"order\":9}";

  @Test
  void aStructuredEventIsTheSameMessageAsTheBinaryOne() {
    String run = TestMessage.newRun();
    String source = "/" + run + "/crm";
    String structured =
        ("{\"specversion\": \"1.0\", \"id\": \"A-9\", \"source\": \"%s\", \"type\": \"%s\","
                + " \"time\": \"2026-12-03T10:00:00Z\", \"data\": {\"order\": 9}}")
            .formatted(source, EffectHandler.TYPE);
    TestMessage event =
        new TestMessage(
            structured,
            Map.of(
                TestMessage.RUN,
                run,
                "content_type",
                "application/cloudevents+json; charset=utf-8"));
    TestMessage binary =
        new TestMessage(
            "{\"order\": 9}",
            Map.of(
                TestMessage.RUN,
                run,
                "ce_specversion",
                "1.0",
                "ce_id",
                "A-9",
                "ce_source",
                source,
                "ce_type",
                EffectHandler.TYPE));

    producer.send(event);
    broker.settledWhen("the structured event applied", () -> rows.inbox(source) == 1);
    producer.send(binary);
    broker.settled("the binary copy absorbed");

    assertEquals(1, rows.inbox(EffectHandler.CONSUMER, source + " A-9"), "rows");
    assertEquals(
        Map.of(source + " A-9", List.of(TestEffect.sha256(DATA.getBytes(StandardCharsets.UTF_8)))),
        rows.effectHashes(EffectHandler.CONSUMER, source),
        "one effect, of the event's data as the handler got it");
    assertEquals(0, broker.quarantined(run).size(), "quarantined");
  }

  @Test
  void aStructuredEventOfAnotherSpecVersionIsQuarantinedUnread() {
    String run = TestMessage.newRun();
    String source = "/" + run + "/crm";
    producer.send(
        new TestMessage(
            ("{\"specversion\": \"0.3\", \"id\": \"A-3\", \"source\": \"%s\", \"type\": \"%s\"}")
                .formatted(source, EffectHandler.TYPE),
            Map.of(TestMessage.RUN, run, "content_type", "application/cloudevents+json")));
    broker.settled("the event decided");

    Broker.Found quarantined = broker.assertQuarantined(run, "unreadable-body");
    assertEquals(0, rows.inbox(source), "rows");
    assertTrue(
        String.valueOf(quarantined.property(QuarantineProperties.ERROR))
            .contains("specversion is \"0.3\""),
        "the detail: " + quarantined.properties());
  }
}
