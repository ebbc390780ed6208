package dev.inbox.tracing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.FlakyHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.it.spans.MemorySpans;
import dev.inbox.testkit.Eventually;
import dev.inbox.testkit.TestMessage;
import io.opentelemetry.sdk.autoconfigure.spi.traces.ConfigurableSpanExporterProvider;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Each delivery is a span in the server's MicroProfile Telemetry: a consumer span, the child of the
 * producer's trace context the message carries, ended with every verdict once its transaction has;
 * a duplicate's span names the processing it repeats. The server's SDK exports to an in-memory
 * exporter in the EAR ({@link MemorySpans}).
 */
@InboxTest
@Tag("once-per-server")
class TracingIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(TracingIT.class, MemorySpans.SETTINGS).addAsLibrary(spans());
  }

  /** The exporter, in a library of the EAR where the server's SDK finds it. */
  private static JavaArchive spans() {
    return ShrinkWrap.create(JavaArchive.class, "inbox-it-spans.jar")
        .addPackage(MemorySpans.class.getPackage())
        .addAsServiceProvider(ConfigurableSpanExporterProvider.class, MemorySpans.class);
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;

  @Test
  void aDeliveryIsAConsumerSpanInTheProducersTraceWithItsOutcome() {
    String run = TestMessage.newRun();
    String id = run + "-traced";
    String traceId = hex(16);
    String producerSpanId = hex(8);

    producer.send(
        TestMessage.of(run, id, EffectHandler.TYPE, "{\"sku\": \"A-1\"}")
            .with("traceparent", "00-" + traceId + "-" + producerSpanId + "-01"));
    broker.settledWhen("the message applied", () -> rows.inbox(run) == 1);
    MemorySpans.Finished span = spansOf(id, 1).get(0);
    assertTrue(
        ((String) span.attributes().get("messaging.message.id")).startsWith("ID:"),
        () -> "the broker's id: " + span.attributes());

    String queue = (String) span.attributes().get("messaging.destination.name");
    assertTrue(queue.endsWith("InboxQueue"), () -> "the inbox queue: " + queue);
    assertEquals("process " + queue, span.name(), "name");
    assertEquals("CONSUMER", span.kind(), "kind");
    assertEquals(traceId, span.traceId(), "the producer's trace");
    assertEquals(producerSpanId, span.parentSpanId(), "the producer's span is its parent");
    assertEquals("activemq", span.attributes().get("messaging.system"), "system");
    assertEquals(EffectHandler.TYPE, span.attributes().get("inbox.type"), "type");
    assertEquals(List.of(EffectHandler.CONSUMER), span.attributes().get("inbox.consumers"));
    assertEquals(List.of("applied"), span.attributes().get("inbox.outcomes"), "outcomes");
    assertEquals("committed", span.attributes().get("inbox.ending"), "ending");
    assertEquals("UNSET", span.status(), "status");
  }

  @Test
  void aDuplicatesSpanNamesTheFirstProcessingAndACollisionsItsReason() {
    String run = TestMessage.newRun();
    String id = run + "-repeated";
    TestMessage first = TestMessage.of(run, id, EffectHandler.TYPE, "{\"quantity\": 10}");

    producer.send(first);
    broker.settledWhen("the first applied", () -> rows.inbox(run) == 1);
    producer.send(first);
    broker.settled("the repeat acknowledged");
    spansOf(id, 2);
    producer.send(TestMessage.of(run, id, EffectHandler.TYPE, "{\"quantity\": 12}"));
    broker.settledWhen("the collision quarantined", () -> broker.quarantined(run).size() == 1);
    List<MemorySpans.Finished> spans = spansOf(id, 3);

    MemorySpans.Finished applied = spans.get(0);
    MemorySpans.Finished duplicate = spans.get(1);
    MemorySpans.Finished collision = spans.get(2);
    assertEquals(List.of("applied"), applied.attributes().get("inbox.outcomes"), "first");
    assertEquals(List.of("duplicate"), duplicate.attributes().get("inbox.outcomes"), "repeat");
    Map<String, Object> repeated = verdict(duplicate);
    assertEquals(id, repeated.get("inbox.first.message_id"), "the first processing's message");
    Instant firstAt = Instant.parse((String) repeated.get("inbox.first.processed_at"));
    // The row's time, as the database keeps it: to the microsecond.
    assertFalse(
        firstAt.isBefore(applied.start().truncatedTo(ChronoUnit.MICROS)),
        () -> firstAt + " is within the first span, from " + applied.start());
    assertFalse(
        firstAt.isAfter(applied.end()),
        () -> firstAt + " is within the first span, to " + applied.end());
    assertEquals(List.of("collision"), collision.attributes().get("inbox.outcomes"), "collision");
    assertEquals("payload-mismatch", verdict(collision).get("inbox.reason"), "collision reason");
    assertTrue(
        spans.stream().allMatch(span -> "committed".equals(span.attributes().get("inbox.ending"))),
        () -> "every delivery committed: " + spans);
  }

  @Test
  void aFailedDeliveryIsAnErrorAndItsRedeliveryAnotherSpanOfTheTrace() {
    String run = TestMessage.newRun();
    String id = run + "-flaky";
    String traceId = hex(16);

    producer.send(
        TestMessage.of(run, id, FlakyHandler.TYPE, "{}")
            .with("traceparent", "00-" + traceId + "-" + hex(8) + "-01"));
    broker.settledWhen("the redelivery applied", () -> rows.inbox(run) == 1);
    List<MemorySpans.Finished> spans = spansOf(id, 2);

    MemorySpans.Finished failed = spans.get(0);
    MemorySpans.Finished applied = spans.get(1);
    assertEquals(List.of("failed"), failed.attributes().get("inbox.outcomes"), "first delivery");
    assertEquals("rolled-back", failed.attributes().get("inbox.ending"), "its ending");
    assertEquals("ERROR", failed.status(), "its status");
    assertEquals("transient", verdict(failed).get("inbox.failure"), "its failure");
    assertTrue(
        failed.events().stream().anyMatch(event -> event.name().equals("exception")),
        () -> "what the handler threw: " + failed.events());
    assertEquals(List.of("applied"), applied.attributes().get("inbox.outcomes"), "redelivery");
    assertEquals(2L, applied.attributes().get("inbox.delivery_count"), "its delivery count");
    assertEquals("UNSET", applied.status(), "its status");
    assertEquals(traceId, failed.traceId(), "the first in the producer's trace");
    assertEquals(traceId, applied.traceId(), "the redelivery in the producer's trace");
  }

  /**
   * The spans of a message, once its deliveries have settled: waits for the server to export this
   * many, and fails if there are more.
   */
  private static List<MemorySpans.Finished> spansOf(String messageId, int count) {
    List<MemorySpans.Finished> spans =
        Eventually.eventually(count + " spans of " + messageId)
            .until(
                () -> MemorySpans.where("inbox.message_id", messageId),
                exported -> exported.size() >= count);
    assertEquals(count, spans.size(), () -> "spans of " + messageId + ": " + spans);
    return spans;
  }

  private static Map<String, Object> verdict(MemorySpans.Finished span) {
    List<MemorySpans.Event> verdicts =
        span.events().stream().filter(event -> event.name().equals("inbox.verdict")).toList();
    assertEquals(1, verdicts.size(), () -> "one verdict event: " + span);
    return verdicts.get(0).attributes();
  }

  private static String hex(int bytes) {
    byte[] random = new byte[bytes];
    ThreadLocalRandom.current().nextBytes(random);
    return HexFormat.of().formatHex(random);
  }
}
