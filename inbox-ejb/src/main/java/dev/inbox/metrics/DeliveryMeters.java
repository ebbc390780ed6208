package dev.inbox.metrics;

import dev.inbox.dispatch.Delivery;
import dev.inbox.dispatch.DeliveryEnded;
import dev.inbox.dispatch.Outcome;
import dev.inbox.dispatch.Verdict;
import dev.inbox.spi.QuarantineReason;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * A delivery's verdicts as meters, once its transaction has ended: what committed as applied,
 * duplicate or quarantined; what rolled back as a conflict or a failure; a commit that failed as
 * such. {@link InboxMetrics} registers the meters and hands each ended delivery here.
 */
final class DeliveryMeters {

  private final MeterPort port;

  /**
   * The types some consumer handles; any other is counted as "other", so that producers cannot
   * create series without bound.
   */
  private final Set<String> knownTypes;

  private final Clock clock;

  DeliveryMeters(MeterPort port, Set<String> knownTypes, Clock clock) {
    this.port = port;
    this.knownTypes = knownTypes;
    this.clock = clock;
  }

  void count(DeliveryEnded ended) {
    Delivery delivery = ended.delivery();
    String type = typeLabel(delivery.type());
    // A stored message's processing counts its outcome, not a second receipt or a redelivery.
    boolean received = !delivery.fromStore();
    if (received && delivery.deliveryCount() > 1) {
      port.increment(Meter.REDELIVERIES, List.of(type));
    }
    if (delivery.redriven()) {
      port.increment(Meter.REDRIVES, List.of(type));
    }
    for (Verdict verdict : ended.verdicts()) {
      if (received) {
        port.increment(Meter.RECEIVED, List.of(label(verdict.consumer()), type));
      }
      countHandlerCall(verdict);
      switch (ended.ending()) {
        case COMMITTED -> committed(verdict, delivery, type);
        case ROLLED_BACK, COMMIT_FAILED -> rolledBack(verdict, type);
      }
    }
    if (ended.ending() == DeliveryEnded.Ending.COMMIT_FAILED) {
      // The inbox decided to commit, and the commit failed: a handler's write rejected at flush,
      // the database gone at the last moment. The broker redelivers.
      port.increment(Meter.COMMIT_FAILURES, List.of(type));
    }
  }

  private void committed(Verdict verdict, Delivery delivery, String type) {
    String consumer = label(verdict.consumer());
    List<String> consumerAndType = List.of(consumer, type);
    if (verdict.late() || verdict.reason() == QuarantineReason.LATE_DELIVERY) {
      port.increment(Meter.LATE_DELIVERIES, List.of(consumer));
    }
    if (verdict.reason() != null) {
      port.increment(Meter.QUARANTINED, List.of(consumer, verdict.reason().code()));
    }
    switch (verdict.outcome()) {
      case APPLIED -> {
        port.increment(Meter.APPLIED, consumerAndType);
        if (verdict.reapplied()) {
          port.increment(Meter.REPROCESSED, consumerAndType);
        }
        if (delivery.producedAt() != null) {
          port.record(
              Meter.COMMIT_LATENCY,
              List.of(consumer),
              Duration.between(delivery.producedAt(), Instant.now(clock)));
        }
      }
      case DUPLICATE -> port.increment(Meter.DUPLICATES, consumerAndType);
      case SEMANTIC_DUPLICATE -> port.increment(Meter.SEMANTIC_DUPLICATES, consumerAndType);
      case CONTENT_DUPLICATE -> port.increment(Meter.CONTENT_DUPLICATES, consumerAndType);
      case COLLISION -> port.increment(Meter.COLLISIONS, consumerAndType);
      case INVALID -> {
        if (verdict.reason() == QuarantineReason.UNSUPPORTED_CONTRACT_VERSION) {
          port.increment(Meter.CONTRACT_VERSION_REJECTIONS, List.of(consumer));
        }
      }
      case IGNORED -> port.increment(Meter.IGNORED, List.of());
      case QUARANTINED, CONFLICT, FAILED -> {}
    }
  }

  private void rolledBack(Verdict verdict, String type) {
    String consumer = label(verdict.consumer());
    if (verdict.outcome() == Outcome.CONFLICT) {
      port.increment(Meter.CONFLICTS, List.of(consumer, type));
    } else if (verdict.outcome() == Outcome.FAILED) {
      port.increment(Meter.FAILURES, List.of(consumer, verdict.failure().name()));
    }
  }

  /** A handler's time and uncertain effects count whatever became of the delivery. */
  private void countHandlerCall(Verdict verdict) {
    if (verdict.handlerTime() != null) {
      port.record(Meter.HANDLER_DURATION, List.of(verdict.consumer()), verdict.handlerTime());
    }
    if (verdict.uncertainEffects() > 0) {
      port.increment(
          Meter.UNCERTAIN_EFFECTS, List.of(verdict.consumer()), verdict.uncertainEffects());
    }
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
