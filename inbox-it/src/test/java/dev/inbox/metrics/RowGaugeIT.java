package dev.inbox.metrics;

import static dev.inbox.testkit.Eventually.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * The rows gauge of a consumer with many rows: PostgreSQL's planner's estimate once it exceeds
 * {@code inbox.metrics.estimate-rows-above}, so that no refresh counts millions of rows; a count on
 * the databases whose estimates the inbox does not read.
 */
@InboxTest
class RowGaugeIT {

  private static final int THRESHOLD = 2_000;

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.withHandlersOf(
        RowGaugeIT.class,
        Map.of(
            "inbox.metrics.estimate-rows-above",
            String.valueOf(THRESHOLD),
            "inbox.metrics.refresh-seconds",
            "1"),
        EffectHandler.class.getPackage());
  }

  @Inject private Rows rows;

  /**
   * The consumer's rows grow past the threshold; the statistics are refreshed and then kept; a
   * thousand rows are deleted. PostgreSQL's estimate does not see the deletion until its next
   * analysis, so its gauge keeps the thousand; a count sees them gone.
   */
  @Test
  void aConsumersRowsAboveTheThresholdArePostgresqlsEstimateAndACountElsewhere() {
    String run = TestMessage.newRun();
    String consumer = EffectHandler.CONSUMER;
    boolean estimated = "PostgreSQL".equals(rows.databaseProduct());
    rows.insertOldRows(consumer, run + "-keep-", THRESHOLD);
    rows.insertOldRows(consumer, run + "-drop-", 1_000);
    long before = rows.inbox(consumer, "");
    try {
      rows.freezeInboxStatistics(true);
      assertEquals(1_000, rows.deleteInbox(consumer, run + "-drop-"), "rows deleted");
      long counted = rows.inbox(consumer, "");
      if (estimated) {
        // Within 5 % of the rows the analysis saw, then for several refreshes after the deletion.
        eventually("the gauge shows PostgreSQL's estimate")
            .until(() -> Math.abs(gauge(consumer) - before) <= before * 0.05);
        keeps("the estimate, not a count of " + counted, () -> gauge(consumer) > counted + 500);
      } else {
        eventually("the gauge shows the count").until(() -> gauge(consumer) == counted);
        keeps("the count", () -> gauge(consumer) == counted);
      }
    } finally {
      rows.freezeInboxStatistics(false);
      rows.deleteInbox(consumer, run + "-");
    }
  }

  /** Holds for three seconds: three refreshes of the snapshot. */
  private static void keeps(String what, Callable<Boolean> condition) {
    Awaitility.await(what)
        .pollInSameThread()
        .during(Duration.ofSeconds(3))
        .atMost(Duration.ofSeconds(30))
        .until(condition);
  }

  private static double gauge(String consumer) {
    return Settings.ofServer().scrape().value("inbox_rows", Map.of("consumer", consumer));
  }
}
