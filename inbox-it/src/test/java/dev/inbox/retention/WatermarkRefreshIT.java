package dev.inbox.retention;

import static dev.inbox.testkit.Eventually.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.Rows;
import dev.inbox.it.handlers.WatermarkHandler;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * A node reads the retention watermarks on a schedule of its own, so it sees those another node's
 * sweep moved although its own sweep deletes nothing (no consumer here keeps rows for less than the
 * default 30 days).
 */
@InboxTest
class WatermarkRefreshIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(
        WatermarkRefreshIT.class, Map.of("inbox.retention.watermark-refresh", "PT1S"));
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;

  @Test
  void aWatermarkAnotherNodeMovedIsReadOnItsOwnSchedule() {
    String run = TestMessage.newRun();
    assertEquals(
        1,
        Settings.ofServer().scrape().value("inbox_watermarks_loaded", Map.of()),
        "the watermarks were read at start");
    // As if another node's sweep had deleted this consumer's rows up to tomorrow: any message
    // sent now is older than that.
    rows.writeWatermark(WatermarkHandler.CONSUMER, LocalDateTime.now(ZoneOffset.UTC).plusDays(1));

    AtomicInteger sent = new AtomicInteger();
    eventually("a message sent after the next read quarantined as a late delivery")
        .until(
            () -> {
              String id = run + "-" + sent.incrementAndGet();
              producer.send(TestMessage.of(run, id, WatermarkHandler.TYPE, "{}"));
              return broker.quarantined(run).stream()
                  .anyMatch(found -> "late-delivery".equals(found.property("inbox_reason")));
            });
    // Under XA a quarantined copy can show a moment after the queue settled: waited for.
    broker.settledWhen(
        "every message applied or quarantined",
        () ->
            rows.inbox(WatermarkHandler.CONSUMER, run) + broker.quarantined(run).size()
                >= sent.get());
    long quarantined = broker.quarantined(run).size();
    assertEquals(
        sent.get(),
        rows.inbox(WatermarkHandler.CONSUMER, run) + quarantined,
        "every message applied before the read, or quarantined after it");
  }
}
