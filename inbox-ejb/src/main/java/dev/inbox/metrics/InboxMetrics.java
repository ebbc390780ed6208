package dev.inbox.metrics;

import dev.inbox.console.HeldActions;
import dev.inbox.dispatch.DeliveryEnded;
import dev.inbox.dispatch.SequenceGap;
import dev.inbox.dispatch.StoredApplied;
import dev.inbox.dispatch.Subscriptions;
import dev.inbox.http.IdempotentOperations;
import dev.inbox.http.IdempotentRequestEnded;
import dev.inbox.retention.RetentionPolicy;
import dev.inbox.retention.RowsPurged;
import dev.inbox.store.ClaimTakenOver;
import dev.inbox.store.Durability;
import dev.inbox.store.PendingMessages;
import dev.inbox.store.Watermarks;
import dev.inbox.webhooks.WebhookReceived;
import dev.inbox.webhooks.WebhookSources;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Every meter of the inbox, named after what it means. Outcomes are counted when the delivery's
 * transaction has ended: applied, duplicate and quarantined outcomes only when it committed,
 * conflicts and failures when it rolled back.
 */
@ApplicationScoped
public class InboxMetrics {

  private static final Logger LOG = Logger.getLogger(InboxMetrics.class.getName());

  private static final PendingMessages.Backlog NO_BACKLOG =
      new PendingMessages.Backlog(0, 0, null, 0);

  private final Subscriptions subscriptions;
  private final Watermarks watermarks;
  private final RetentionPolicy retention;
  private final Durability durability;
  private final WebhookSources webhookSources;
  private final IdempotentOperations idempotentOperations;
  private final BeanManager beans;
  private final Clock clock;
  private final AtomicReference<Snapshot> snapshot = new AtomicReference<>(Snapshot.EMPTY);
  private MeterPort port = MeterPort.NONE;

  /** The meters a delivery's verdicts move, on the port chosen at start. */
  private DeliveryMeters deliveries;

  @Inject
  InboxMetrics(
      Subscriptions subscriptions,
      Watermarks watermarks,
      RetentionPolicy retention,
      Durability durability,
      WebhookSources webhookSources,
      IdempotentOperations idempotentOperations,
      BeanManager beans,
      Clock clock) {
    this.subscriptions = subscriptions;
    this.watermarks = watermarks;
    this.retention = retention;
    this.durability = durability;
    this.webhookSources = webhookSources;
    this.idempotentOperations = idempotentOperations;
    this.beans = beans;
    this.clock = clock;
  }

  /** For the CDI proxy. */
  protected InboxMetrics() {
    this.subscriptions = null;
    this.watermarks = null;
    this.retention = null;
    this.durability = null;
    this.webhookSources = null;
    this.idempotentOperations = null;
    this.beans = null;
    this.clock = null;
  }

  @PostConstruct
  void connect() {
    try {
      register(PortChoice.ofServer(beans));
    } catch (RuntimeException | LinkageError e) {
      // Metrics must never stop the inbox: it runs on, uncounted, and says why.
      LOG.log(Level.WARNING, e, () -> "Inbox metrics are off: registering them failed");
      port = MeterPort.NONE;
      deliveries = new DeliveryMeters(MeterPort.NONE, Set.of(), clock);
    }
  }

  private void register(MeterPort chosen) {
    port = chosen;
    Map<String, Set<String>> typesByConsumer = subscriptions.typesByConsumer();
    Set<String> types = new TreeSet<>();
    typesByConsumer.values().forEach(types::addAll);
    deliveries = new DeliveryMeters(port, Set.copyOf(types), clock);
    Series.declareAll(
        port, typesByConsumer, types, webhookSources.names(), idempotentOperations.operations());
    for (String consumer : subscriptions.storingFirst()) {
      List<String> label = List.of(consumer);
      port.declare(Meter.SEQUENCE_GAPS, label);
      port.declare(Meter.CLAIMS_TAKEN_OVER, label);
      port.declare(Meter.STORED_LATENCY, label);
      port.gauge(Meter.PENDING_MESSAGES, label, () -> backlog(consumer).pending());
      port.gauge(Meter.PARKED_MESSAGES, label, () -> backlog(consumer).parked());
      port.gauge(Meter.KEYS_WAITING_ON_GAP, label, () -> backlog(consumer).keysOnGap());
      port.gauge(
          Meter.OLDEST_PENDING_AGE, label, () -> secondsSince(backlog(consumer).oldestPending()));
    }
    for (String consumer : typesByConsumer.keySet()) {
      List<String> label = List.of(consumer);
      port.gauge(Meter.ROWS, label, () -> snapshot.get().rows().getOrDefault(consumer, 0L));
      port.gauge(Meter.OLDEST_ROW_AGE, label, () -> oldestRowAgeSeconds(consumer));
      port.gauge(Meter.RETENTION, label, () -> retention.retentionOf(consumer).toSeconds());
      port.gauge(
          Meter.UNSETTLED_EFFECTS,
          label,
          () -> snapshot.get().unsettledEffects().getOrDefault(consumer, 0L));
    }
    port.gauge(Meter.FAILURE_LEDGER_ROWS, List.of(), () -> snapshot.get().failureLedgerRows());
    port.gauge(Meter.QUARANTINE_DEPTH, List.of(), () -> snapshot.get().quarantineDepth());
    port.gauge(Meter.INBOX_QUEUE_DEPTH, List.of(), () -> snapshot.get().inboxQueueDepth());
    port.gauge(Meter.DEAD_LETTER_DEPTH, List.of(), () -> snapshot.get().deadLetterDepth());
    port.gauge(Meter.WATERMARKS_LOADED, List.of(), () -> watermarks.loaded() ? 1 : 0);
    port.gauge(Meter.DURABILITY_RISKS, List.of(), () -> durability.risks().size());
  }

  @PreDestroy
  void disconnect() {
    port.close();
  }

  /** Observing start-up creates this bean, so that the gauges exist before the first delivery. */
  void registerAtStartup(@Observes Startup startup) {
    LOG.fine("Inbox metrics registered");
  }

  /** Counts a delivery once its outcome is known, as {@link DeliveryMeters} reads its verdicts. */
  void ended(@Observes DeliveryEnded ended) {
    deliveries.count(ended);
  }

  /** Counts a webhook delivery the endpoint answered, by source and receipt. */
  void webhookAnswered(@Observes WebhookReceived received) {
    port.increment(Meter.WEBHOOK_RECEIPTS, List.of(received.source(), received.receipt().code()));
  }

  /** Counts a request to an idempotent resource method, by operation and outcome. */
  void idempotentRequestEnded(@Observes IdempotentRequestEnded ended) {
    port.increment(Meter.IDEMPOTENT_REQUESTS, List.of(ended.operation(), ended.outcome().code()));
  }

  /** Counts an operator's action in the console, and the messages it moved or removed. */
  void consoleActed(@Observes HeldActions.Acted acted) {
    List<String> labels = List.of(acted.action().code(), acted.queue().path());
    port.increment(Meter.CONSOLE_ACTIONS, labels);
    port.increment(Meter.CONSOLE_ACTION_MESSAGES, labels, acted.messages());
  }

  /** Counts a gap a store-then-process key moved on past, once its processing committed. */
  void sequenceGap(@Observes(during = TransactionPhase.AFTER_SUCCESS) SequenceGap gap) {
    port.increment(Meter.SEQUENCE_GAPS, List.of(gap.consumer()));
  }

  /** Counts a store-then-process claim taken over after its lease, once the claim committed. */
  void claimTakenOver(@Observes(during = TransactionPhase.AFTER_SUCCESS) ClaimTakenOver taken) {
    port.increment(Meter.CLAIMS_TAKEN_OVER, List.of(taken.consumer()));
  }

  /** Times a store-then-process message from its intake to the worker's commit. */
  void storedApplied(@Observes(during = TransactionPhase.AFTER_SUCCESS) StoredApplied applied) {
    port.record(
        Meter.STORED_LATENCY,
        List.of(applied.consumer()),
        Duration.between(applied.takenIn().toInstant(ZoneOffset.UTC), clock.instant()));
  }

  /** Counts rows that retention deleted for a consumer. */
  void purged(@Observes RowsPurged purged) {
    port.increment(Meter.ROWS_PURGED, List.of(purged.consumer()), purged.rows());
  }

  /** The gauges' snapshot, as the background refresh last took it. */
  public Snapshot snapshot() {
    return snapshot.get();
  }

  /** Takes a new snapshot for the gauges. */
  void refreshed(Snapshot taken) {
    snapshot.set(taken);
  }

  private double oldestRowAgeSeconds(String consumer) {
    return secondsSince(snapshot.get().oldest().get(consumer));
  }

  private PendingMessages.Backlog backlog(String consumer) {
    return snapshot.get().backlogs().getOrDefault(consumer, NO_BACKLOG);
  }

  /** Seconds from a time (UTC) to now; 0 without one. */
  private double secondsSince(LocalDateTime oldest) {
    return oldest == null
        ? 0
        : Duration.between(oldest, LocalDateTime.now(clock)).toMillis() / 1000.0;
  }
}
