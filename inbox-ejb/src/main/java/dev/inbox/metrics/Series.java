package dev.inbox.metrics;

import dev.inbox.console.HeldActions;
import dev.inbox.console.HeldQueue;
import dev.inbox.http.IdempotentRequestEnded;
import dev.inbox.spi.QuarantineReason;
import dev.inbox.store.FailureKind;
import dev.inbox.webhooks.Receipt;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** The series the inbox's counters can have, each declared at zero before the first delivery. */
final class Series {

  private Series() {}

  /**
   * Every series the deployed consumers can produce, at zero: each appears in the first scrape, so
   * that rates and alerts work from the start.
   */
  static void declareAll(
      MeterPort port,
      Map<String, Set<String>> typesByConsumer,
      Set<String> knownTypes,
      Set<String> webhookSources,
      Set<String> idempotentOperations) {
    Set<String> types = new TreeSet<>(knownTypes);
    types.add("other");
    for (String type : types) {
      for (Meter meter : List.of(Meter.REDELIVERIES, Meter.REDRIVES, Meter.COMMIT_FAILURES)) {
        port.declare(meter, List.of(type));
      }
      port.declare(Meter.RECEIVED, List.of("", type));
    }
    typesByConsumer.forEach(
        (consumer, consumerTypes) -> {
          for (String type : consumerTypes) {
            for (Meter meter :
                List.of(
                    Meter.RECEIVED,
                    Meter.APPLIED,
                    Meter.DUPLICATES,
                    Meter.COLLISIONS,
                    Meter.SEMANTIC_DUPLICATES,
                    Meter.CONTENT_DUPLICATES,
                    Meter.REPROCESSED,
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
    port.declare(Meter.IGNORED, List.of());
    for (HeldActions.Kind action : HeldActions.Kind.values()) {
      for (HeldQueue queue : HeldQueue.values()) {
        List<String> labels = List.of(action.code(), queue.path());
        port.declare(Meter.CONSOLE_ACTIONS, labels);
        port.declare(Meter.CONSOLE_ACTION_MESSAGES, labels);
      }
    }
    for (String source : webhookSources) {
      for (Receipt receipt : Receipt.values()) {
        if (receipt != Receipt.UNKNOWN_SOURCE) {
          port.declare(Meter.WEBHOOK_RECEIPTS, List.of(source, receipt.code()));
        }
      }
    }
    port.declare(Meter.WEBHOOK_RECEIPTS, List.of("", Receipt.UNKNOWN_SOURCE.code()));
    for (String operation : idempotentOperations) {
      for (IdempotentRequestEnded.Outcome outcome : IdempotentRequestEnded.Outcome.values()) {
        port.declare(Meter.IDEMPOTENT_REQUESTS, List.of(operation, outcome.code()));
      }
    }
    for (QuarantineReason reason : QuarantineReason.values()) {
      if (reason.concernsOneConsumer()) {
        typesByConsumer
            .keySet()
            .forEach(consumer -> port.declare(Meter.QUARANTINED, List.of(consumer, reason.code())));
      } else {
        port.declare(Meter.QUARANTINED, List.of("", reason.code()));
      }
    }
  }
}
