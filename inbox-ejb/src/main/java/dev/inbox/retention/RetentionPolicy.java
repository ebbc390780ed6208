package dev.inbox.retention;

import dev.inbox.dispatch.AttemptBudget;
import dev.inbox.settings.Durations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.Config;

/**
 * How long each consumer's rows are kept, and what surrounds that: the sweep's pace, the failure
 * ledger's retention, the redelivery horizon retention must cover. Durations are ISO-8601 ({@code
 * P30D}, {@code PT12H}, {@code PT30S}).
 */
@ApplicationScoped
public class RetentionPolicy {

  private final Config config;
  private final AttemptBudget budget;

  @Inject
  RetentionPolicy(Config config, AttemptBudget budget) {
    this.config = config;
    this.budget = budget;
  }

  /** For the CDI proxy. */
  protected RetentionPolicy() {
    this.config = null;
    this.budget = null;
  }

  /** {@code inbox.retention.consumer.<name>}, else {@code inbox.retention.default} (P30D). */
  public Duration retentionOf(String consumer) {
    return config
        .getOptionalValue("inbox.retention.consumer." + consumer, String.class)
        .map(value -> duration("inbox.retention.consumer." + consumer, value))
        .orElseGet(() -> duration("inbox.retention.default", "P30D"));
  }

  /** {@code inbox.retention.failure-ledger}: how long failure-ledger entries are kept (P30D). */
  public Duration failureLedgerRetention() {
    return duration("inbox.retention.failure-ledger", "P30D");
  }

  /** {@code inbox.retention.sweep-interval}: the wait from one sweep's end to the next (PT1M). */
  public Duration sweepInterval() {
    return duration("inbox.retention.sweep-interval", "PT1M");
  }

  /**
   * {@code inbox.retention.watermark-refresh}: how often each node reads the watermarks that every
   * node's sweep moves (PT1M).
   */
  public Duration watermarkRefresh() {
    return duration("inbox.retention.watermark-refresh", "PT1M");
  }

  /** {@code inbox.retention.batch-size}: rows deleted per transaction (1000). */
  public int batchSize() {
    int size = config.getOptionalValue("inbox.retention.batch-size", Integer.class).orElse(1000);
    if (size < 1) {
      throw new IllegalArgumentException(
          "inbox.retention.batch-size is " + size + ": it must be at least 1");
    }
    return size;
  }

  /**
   * {@code inbox.retention.batch-pause}: the pause between two batches, for intake (PT0.1S; PT0S
   * for none).
   */
  public Duration batchPause() {
    String value =
        config.getOptionalValue("inbox.retention.batch-pause", String.class).orElse("PT0.1S");
    return value.strip().equals("PT0S")
        ? Duration.ZERO
        : duration("inbox.retention.batch-pause", value);
  }

  /**
   * Reads every setting once, so that a wrong one refuses the start instead of failing each sweep.
   */
  void validate(Iterable<String> consumers) {
    consumers.forEach(this::retentionOf);
    failureLedgerRetention();
    sweepInterval();
    watermarkRefresh();
    batchSize();
    batchPause();
    redeliveryHorizon();
  }

  /**
   * How long a message may come back after it was first delivered: the broker's redeliveries
   * ({@code inbox.broker.max-delivery-attempts} times {@code inbox.broker.max-redelivery-delay}, 20
   * and PT10S as server-config/inbox-queue.properties sets them) plus the time a dead-lettered or
   * quarantined message may wait for its redrive ({@code inbox.redrive-window}, P7D).
   */
  public Duration redeliveryHorizon() {
    return budget
        .brokerMaxRedeliveryDelay()
        .multipliedBy(budget.brokerMaxDeliveryAttempts())
        .plus(duration("inbox.redrive-window", "P7D"));
  }

  /** {@code inbox.retention.allow-shorter-than-horizon}: start although retention is too short. */
  public boolean allowsRetentionShorterThanHorizon() {
    return config
        .getOptionalValue("inbox.retention.allow-shorter-than-horizon", Boolean.class)
        .orElse(false);
  }

  private Duration duration(String key, String fallback) {
    return Durations.positive(
        key, config.getOptionalValue(key, String.class).orElse(fallback), "P30D, PT12H or PT30S");
  }
}
