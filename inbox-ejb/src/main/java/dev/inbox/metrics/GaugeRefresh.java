package dev.inbox.metrics;

import dev.inbox.dispatch.Subscriptions;
import dev.inbox.quarantine.QueueDepths;
import dev.inbox.store.FailureLedger;
import dev.inbox.store.InboxStore;
import dev.inbox.store.PendingMessages;
import dev.inbox.store.UncertainEffects;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Refreshes the gauges' snapshot in the background, every {@code inbox.metrics.refresh-seconds} (30
 * by default): inbox rows, the oldest row and the unsettled uncertain effects per consumer, the
 * failure ledger's size and the depths of the inbox queue, the quarantine and the dead-letter
 * queue. Counting a large table takes a while; a scrape never waits for it, and above {@code
 * inbox.metrics.estimate-rows-above} rows of a consumer the database's estimate stands in for the
 * count where the database gives a close one (PostgreSQL).
 */
@Singleton
@Startup
@DependsOn("SchemaAtStart")
public class GaugeRefresh {

  private static final Logger LOG = Logger.getLogger(GaugeRefresh.class.getName());

  @Resource private TimerService timers;

  @Inject private InboxStore store;

  @Inject private FailureLedger ledger;

  @Inject private UncertainEffects uncertain;

  @Inject private QueueDepths queues;

  @Inject private PendingMessages pending;

  @Inject private Subscriptions subscriptions;

  @Inject private InboxMetrics metrics;

  @Inject private Clock clock;

  /** The queues whose last count failed. */
  private final Set<String> uncounted = new HashSet<>();

  @Inject
  @ConfigProperty(name = "inbox.metrics.refresh-seconds", defaultValue = "30")
  private long refreshSeconds;

  @Inject
  @ConfigProperty(name = "inbox.metrics.estimate-rows-above", defaultValue = "1000000")
  private long estimateRowsAbove;

  @PostConstruct
  void schedule() {
    timers.createIntervalTimer(0, refreshSeconds * 1000, new TimerConfig(null, false));
  }

  /**
   * Reads only, so outside a transaction: in one, every refresh would be a transaction of its own
   * with the database (and, under XA, a prepare and a commit for nothing), and a connection lost in
   * its commit would leave the transaction manager a heuristic outcome to keep for an operator
   * (MariaDB reports a read-only XA branch whose commit was cut off as rolled back).
   */
  @Timeout
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
  void refresh() {
    Snapshot last = metrics.snapshot();
    try {
      var rows = store.rowsOf(subscriptions.typesByConsumer().keySet(), estimateRowsAbove);
      long ledgerRows = ledger.size();
      long quarantined = depth("quarantine", queues::quarantine, last.quarantineDepth());
      long backlog = depth("inbox queue", queues::inbox, last.inboxQueueDepth());
      long deadLetters = depth("dead-letter queue", queues::deadLetters, last.deadLetterDepth());
      metrics.refreshed(
          new Snapshot(
              // A queue not counted keeps its last depth, and the snapshot its last time.
              uncounted.isEmpty() ? clock.instant() : last.takenAt(),
              rows.count(),
              rows.oldest(),
              ledgerRows,
              quarantined,
              backlog,
              deadLetters,
              uncertain.unsettledByConsumer(),
              // Only store-then-process consumers keep messages there.
              subscriptions.storingFirst().isEmpty() ? Map.of() : pending.backlogByConsumer()));
    } catch (RuntimeException e) {
      // The gauges keep the last snapshot; the next refresh tries again.
      LOG.log(Level.WARNING, e, () -> "Could not refresh the inbox gauges");
    }
  }

  /**
   * A queue's depth; the last one read when it cannot be counted (the broker does not answer, the
   * queue is not bound), which the log says once, until a count succeeds again.
   */
  private long depth(String queue, LongSupplier depth, long last) {
    try {
      long counted = depth.getAsLong();
      if (uncounted.remove(queue)) {
        LOG.info(() -> "The " + queue + " is counted again");
      }
      return counted;
    } catch (RuntimeException e) {
      Level level = uncounted.add(queue) ? Level.WARNING : Level.FINE;
      LOG.log(level, e, () -> "Could not count the " + queue + "; its gauge keeps " + last);
      return last;
    }
  }
}
