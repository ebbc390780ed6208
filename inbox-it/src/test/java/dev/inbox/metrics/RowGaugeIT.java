package dev.inbox.metrics;

import static dev.inbox.testkit.Eventually.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

  private static final double DAY_AND_A_HALF = Duration.ofHours(36).toSeconds();

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
   * thousand rows, the consumer's oldest, are deleted. PostgreSQL's estimate does not see the
   * deletion until its next analysis, so its gauge keeps the thousand; a count sees them gone. The
   * oldest row's age, read in the same refresh, shows that the gauge was refreshed after the
   * deletion: the deleted rows were two days old, the others one.
   */
  @Test
  void aConsumersRowsAboveTheThresholdArePostgresqlsEstimateAndACountElsewhere() {
    String run = TestMessage.newRun();
    String consumer = EffectHandler.CONSUMER;
    boolean postgresql = "PostgreSQL".equals(rows.databaseProduct());
    try {
      rows.insertRows(consumer, run + "-keep-", THRESHOLD, Duration.ofDays(1));
      rows.insertRows(consumer, run + "-drop-", 1_000, Duration.ofDays(2));
      if (postgresql) {
        rows.freezeInboxStatistics();
      }
      assertEquals(1_000, rows.deleteInbox(consumer, run + "-drop-"), "rows deleted");
      long counted = rows.inbox(consumer, "");
      if (postgresql) {
        long estimate = rows.plannerEstimate(consumer);
        assertTrue(estimate > counted + 500, "an estimate of " + estimate + " still has the rows");
        refreshedAfterTheDeletion("the gauge shows PostgreSQL's estimate", consumer, estimate);
      } else {
        refreshedAfterTheDeletion("the gauge shows the count", consumer, counted);
      }
    } finally {
      if (postgresql) {
        rows.thawInboxStatistics();
      }
      rows.deleteInbox(consumer, run + "-");
    }
  }

  /**
   * Waits until a refresh after the deletion shows the rows expected, then sees three refreshes
   * keep them.
   */
  private static void refreshedAfterTheDeletion(String what, String consumer, long expected) {
    Callable<Boolean> shown =
        () -> gauge("inbox_rows", consumer) == expected && oldestRowAge(consumer) < DAY_AND_A_HALF;
    eventually(what).until(shown);
    Awaitility.await(what + ", refresh after refresh")
        .pollInSameThread()
        .during(Duration.ofSeconds(3))
        .atMost(Duration.ofSeconds(30))
        .until(shown);
  }

  private static double oldestRowAge(String consumer) {
    return gauge("inbox_oldest_row_age_seconds", consumer);
  }

  private static double gauge(String name, String consumer) {
    return Settings.ofServer().scrape().value(name, Map.of("consumer", consumer));
  }
}
