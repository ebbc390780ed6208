package dev.inbox.metrics;

import dev.inbox.dispatch.Delivery;
import dev.inbox.dispatch.Outcome;
import dev.inbox.dispatch.RollingBack;
import dev.inbox.dispatch.Subscriptions;
import dev.inbox.dispatch.Verdict;
import dev.inbox.quarantine.Reason;
import dev.inbox.spi.Envelope;
import dev.inbox.store.Durability;
import dev.inbox.store.FailureKind;
import dev.inbox.store.Watermarks;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
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

  private final Subscriptions subscriptions;
  private final Watermarks watermarks;
  private final Durability durability;
  private final BeanManager beans;
  private final AtomicReference<Snapshot> snapshot = new AtomicReference<>(Snapshot.EMPTY);
  private MeterPort port = MeterPort.NONE;

  /**
   * The types some consumer handles; any other is counted as "other", so that producers cannot
   * create series without bound.
   */
  private Set<String> knownTypes = Set.of();

  @Inject
  InboxMetrics(
      Subscriptions subscriptions,
      Watermarks watermarks,
      Durability durability,
      BeanManager beans) {
    this.subscriptions = subscriptions;
    this.watermarks = watermarks;
    this.durability = durability;
    this.beans = beans;
  }

  /** For the CDI proxy. */
  protected InboxMetrics() {
    this.subscriptions = null;
    this.watermarks = null;
    this.durability = null;
    this.beans = null;
  }

  @PostConstruct
  void connect() {
    try {
      register(PortChoice.ofServer(beans));
    } catch (RuntimeException | LinkageError e) {
      // Metrics must never stop the inbox: it runs on, uncounted, and says why.
      LOG.log(Level.WARNING, e, () -> "Inbox metrics are off: registering them failed");
      port = MeterPort.NONE;
    }
  }

  private void register(MeterPort chosen) {
    port = chosen;
    Map<String, Set<String>> typesByConsumer = subscriptions.typesByConsumer();
    Set<String> types = new TreeSet<>();
    typesByConsumer.values().forEach(types::addAll);
    knownTypes = Set.copyOf(types);
    declareEverySeries(typesByConsumer);
    for (String consumer : typesByConsumer.keySet()) {
      List<String> label = List.of(consumer);
      port.gauge(Meter.ROWS, label, () -> snapshot.get().rows().getOrDefault(consumer, 0L));
      port.gauge(Meter.OLDEST_ROW_AGE, label, () -> oldestRowAgeSeconds(consumer));
    }
    port.gauge(Meter.FAILURE_LEDGER_ROWS, List.of(), () -> snapshot.get().failureLedgerRows());
    port.gauge(Meter.QUARANTINE_DEPTH, List.of(), () -> snapshot.get().quarantineDepth());
    port.gauge(Meter.WATERMARKS_LOADED, List.of(), () -> watermarks.loaded() ? 1 : 0);
    port.gauge(Meter.DURABILITY_RISKS, List.of(), () -> durability.risks().size());
  }

  /** Counts rows that retention deleted for a consumer. */
  public void rowsPurged(String consumer, long rows) {
    port.increment(Meter.ROWS_PURGED, List.of(consumer), rows);
  }

  /**
   * Every series the deployed consumers can produce, at zero: each appears in the first scrape, so
   * that rates and alerts work from the start.
   */
  private void declareEverySeries(Map<String, Set<String>> typesByConsumer) {
    Set<String> types = new TreeSet<>(knownTypes);
    types.add("other");
    for (String type : types) {
      for (Meter meter :
          List.of(Meter.RECEIVED, Meter.REDELIVERIES, Meter.REDRIVES, Meter.COMMIT_FAILURES)) {
        port.declare(meter, List.of(type));
      }
    }
    typesByConsumer.forEach(
        (consumer, consumerTypes) -> {
          for (String type : consumerTypes) {
            for (Meter meter :
                List.of(
                    Meter.APPLIED,
                    Meter.DUPLICATES,
                    Meter.COLLISIONS,
                    Meter.SEMANTIC_DUPLICATES,
                    Meter.CONFLICTS)) {
              port.declare(meter, List.of(consumer, type));
            }
          }
          for (FailureKind kind : FailureKind.values()) {
            port.declare(Meter.FAILURES, List.of(consumer, kind.name()));
          }
          for (Meter meter :
              List.of(
                  Meter.UNCERTAIN_EFFECTS,
                  Meter.CONTRACT_VERSION_REJECTIONS,
                  Meter.LATE_DELIVERIES,
                  Meter.ROWS_PURGED,
                  Meter.HANDLER_DURATION,
                  Meter.COMMIT_LATENCY)) {
            port.declare(meter, List.of(consumer));
          }
        });
    for (Reason reason : Reason.values()) {
      if (reason.concernsOneConsumer()) {
        typesByConsumer
            .keySet()
            .forEach(consumer -> port.declare(Meter.QUARANTINED, List.of(consumer, reason.code())));
      } else {
        port.declare(Meter.QUARANTINED, List.of("", reason.code()));
      }
    }
  }

  @PreDestroy
  void disconnect() {
    port.close();
  }

  /** Observing start-up creates this bean, so that the gauges exist before the first delivery. */
  void registerAtStartup(@Observes Startup startup) {
    LOG.fine("Inbox metrics registered");
  }

  void committed(@Observes(during = TransactionPhase.AFTER_SUCCESS) Delivery delivery) {
    Envelope envelope = delivery.envelope();
    countDelivery(delivery);
    for (Verdict verdict : delivery.result().verdicts()) {
      countHandlerCall(verdict);
      String consumer = label(verdict.consumer());
      List<String> consumerAndType = List.of(consumer, typeLabel(envelope.type()));
      if (Reason.LATE_DELIVERY.code().equals(verdict.reason())) {
        port.increment(Meter.LATE_DELIVERIES, List.of(consumer));
      }
      switch (verdict.outcome()) {
        case APPLIED -> {
          port.increment(Meter.APPLIED, consumerAndType);
          if (envelope.producedAt() != null) {
            port.record(
                Meter.COMMIT_LATENCY,
                List.of(consumer),
                Duration.between(envelope.producedAt(), Instant.now()));
          }
        }
        case DUPLICATE -> port.increment(Meter.DUPLICATES, consumerAndType);
        case SEMANTIC_DUPLICATE -> port.increment(Meter.SEMANTIC_DUPLICATES, consumerAndType);
        case COLLISION -> {
          port.increment(Meter.COLLISIONS, consumerAndType);
          port.increment(Meter.QUARANTINED, List.of(consumer, verdict.reason()));
        }
        case INVALID, QUARANTINED -> {
          port.increment(Meter.QUARANTINED, List.of(consumer, verdict.reason()));
          if (Reason.UNSUPPORTED_CONTRACT_VERSION.code().equals(verdict.reason())) {
            port.increment(Meter.CONTRACT_VERSION_REJECTIONS, List.of(consumer));
          }
        }
        case IGNORED, CONFLICT, FAILED -> {}
      }
    }
  }

  void rollingBack(@Observes RollingBack rollingBack) {
    rolledBack(rollingBack.delivery(), true);
  }

  void rolledBack(@Observes(during = TransactionPhase.AFTER_FAILURE) Delivery delivery) {
    rolledBack(delivery, false);
  }

  /**
   * @param decided whether the inbox decided the rollback (a race lost, a failure); otherwise the
   *     commit itself failed
   */
  private void rolledBack(Delivery delivery, boolean decided) {
    countDelivery(delivery);
    for (Verdict verdict : delivery.result().verdicts()) {
      countHandlerCall(verdict);
      String consumer = label(verdict.consumer());
      if (verdict.outcome() == Outcome.CONFLICT) {
        port.increment(Meter.CONFLICTS, List.of(consumer, typeLabel(delivery.envelope().type())));
      } else if (verdict.outcome() == Outcome.FAILED) {
        port.increment(Meter.FAILURES, List.of(consumer, verdict.reason()));
      }
    }
    if (!decided) {
      // The inbox decided to commit, and the commit failed: a handler's write rejected at flush,
      // the database gone at the last moment. The broker redelivers.
      port.increment(Meter.COMMIT_FAILURES, List.of(typeLabel(delivery.envelope().type())));
    }
  }

  /** Takes a new snapshot for the gauges. */
  void refreshed(Snapshot taken) {
    snapshot.set(taken);
  }

  private void countDelivery(Delivery delivery) {
    List<String> type = List.of(typeLabel(delivery.envelope().type()));
    port.increment(Meter.RECEIVED, type);
    if (delivery.envelope().deliveryCount() > 1) {
      port.increment(Meter.REDELIVERIES, type);
    }
    if (delivery.redrive()) {
      port.increment(Meter.REDRIVES, type);
    }
  }

  /** A handler's time and uncertain effects count whatever became of the delivery. */
  private void countHandlerCall(Verdict verdict) {
    if (verdict.handlerTime() != null) {
      port.record(Meter.HANDLER_DURATION, List.of(verdict.consumer()), verdict.handlerTime());
    }
    for (int i = 0; i < verdict.uncertainEffects(); i++) {
      port.increment(Meter.UNCERTAIN_EFFECTS, List.of(verdict.consumer()));
    }
  }

  private double oldestRowAgeSeconds(String consumer) {
    LocalDateTime oldest = snapshot.get().oldest().get(consumer);
    return oldest == null
        ? 0
        : Duration.between(oldest, LocalDateTime.now(ZoneOffset.UTC)).toMillis() / 1000.0;
  }

  /**
   * A type as a label: a type no consumer handles, or none, is "other". (An immutable set's {@code
   * contains(null)} throws: a message without a type must not.)
   */
  private String typeLabel(String type) {
    return type != null && knownTypes.contains(type) ? type : "other";
  }

  /** A label value: Prometheus has no null, so a missing consumer is empty. */
  private static String label(String value) {
    return value == null ? "" : value;
  }
}
