package dev.inbox.retention;

import dev.inbox.dispatch.Subscriptions;
import dev.inbox.store.IdempotentRequests;
import dev.inbox.store.RetentionStore;
import dev.inbox.store.Watermarks;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJBException;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Optional;
import java.util.function.IntUnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Deletes expired inbox rows, failure-ledger entries and idempotent requests' stored responses,
 * {@code inbox.retention.sweep-interval} after the previous sweep ended, in batches of {@code
 * inbox.retention.batch-size}, each in its own short transaction, pausing {@code
 * inbox.retention.batch-pause} between batches so that intake keeps the database. Safe on several
 * nodes at once: they may pick the same rows, and the second delete finds nothing.
 */
@Singleton
@Startup
@DependsOn("SchemaAtStart")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class Sweeper {

  private static final Logger LOG = Logger.getLogger(Sweeper.class.getName());

  @Resource private TimerService timers;

  @Inject private RetentionPolicy policy;

  @Inject private RetentionStore store;

  @Inject private IdempotentRequests idempotentRequests;

  @Inject private Watermarks watermarks;

  @Inject private Subscriptions subscriptions;

  @Inject private Clock clock;

  @Inject private Event<RowsPurged> purges;

  /** When this node's sweeper started. */
  private volatile Instant started;

  /** When the sweep under way began, or null between sweeps. */
  private volatile Instant sweeping;

  /** When this node's last sweep ended without a failure, or null until one has. */
  private volatile Instant lastSweep;

  @PostConstruct
  void schedule() {
    started = clock.instant();
    scheduleNext();
  }

  /** How this node's sweeps go, for the readiness check's data. */
  public record Progress(Optional<Instant> lastSweep, boolean keepsUp) {}

  /**
   * How this node's sweeps go: the last one that ended without a failure, and whether they keep up
   * ({@link #keepsUp}).
   */
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
  public Progress progress() {
    Instant last = lastSweep;
    Instant current = sweeping;
    Instant activity = current != null ? current : last != null ? last : started;
    return new Progress(
        Optional.ofNullable(last), keepsUp(activity, policy.sweepInterval(), clock.instant()));
  }

  /**
   * Whether sweeps keep up: the sweep under way began, else the last one that ended without a
   * failure ended, else the sweeper started, at most three intervals ago. Sweeps that keep failing,
   * a timer that is gone, or a sweep that has run for three intervals do not keep up.
   */
  static boolean keepsUp(Instant activity, Duration interval, Instant now) {
    return !activity.plus(interval.multipliedBy(3)).isBefore(now);
  }

  /**
   * The next sweep, one interval after this one ends: a sweep longer than the interval delays the
   * next instead of overlapping it (which the timer service would skip, warning at every tick).
   */
  private void scheduleNext() {
    timers.createSingleActionTimer(policy.sweepInterval().toMillis(), new TimerConfig(null, false));
  }

  /** One sweep; outside any transaction, each batch in its own. */
  @Timeout
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
  void sweep() {
    try {
      sweepOnce();
    } finally {
      try {
        scheduleNext();
      } catch (IllegalStateException | EJBException e) {
        // The application is stopping: no next sweep.
        LOG.log(Level.FINE, e, () -> "No next retention sweep: the timer service refused");
      }
    }
  }

  private void sweepOnce() {
    sweeping = clock.instant();
    try {
      LocalDateTime now = LocalDateTime.now(clock);
      for (String consumer : subscriptions.typesByConsumer().keySet()) {
        LocalDateTime cutoff = now.minus(policy.retentionOf(consumer));
        long purged = inBatches(size -> store.purgeInboxBatch(consumer, cutoff, size));
        if (purged > 0) {
          purges.fire(new RowsPurged(consumer, purged));
          LOG.fine(() -> "Retention deleted %d rows of consumer %s".formatted(purged, consumer));
          // At once, not after the whole sweep: a long first sweep would leave deliveries checked
          // against old watermarks all along.
          refreshWatermarks();
        }
      }
      LocalDateTime ledgerCutoff = now.minus(policy.failureLedgerRetention());
      inBatches(size -> store.purgeFailureBatch(ledgerCutoff, size));
      inBatches(size -> idempotentRequests.purgeBatch(now, size));
      lastSweep = clock.instant();
    } catch (RuntimeException e) {
      // The next sweep tries again; nothing is half-deleted, each batch committed or not.
      LOG.log(Level.WARNING, e, () -> "Retention sweep failed");
    } finally {
      sweeping = null;
    }
  }

  /** The watermarks this sweep moved, read at once; a failure here waits for their own schedule. */
  private void refreshWatermarks() {
    try {
      watermarks.reload();
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, e, () -> "Could not read the retention watermarks after a sweep");
    }
  }

  /** Runs batches until one deletes less than a full batch. */
  private long inBatches(IntUnaryOperator batch) {
    int size = policy.batchSize();
    Duration pause = policy.batchPause();
    long total = 0;
    int deleted;
    do {
      deleted = batch.applyAsInt(size);
      total += deleted;
      if (deleted == size && !pause.isZero()) {
        pause(pause);
      }
    } while (deleted == size);
    return total;
  }

  private static void pause(Duration pause) {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted between retention batches", e);
    }
  }
}
