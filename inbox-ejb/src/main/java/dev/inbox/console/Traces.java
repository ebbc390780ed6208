package dev.inbox.console;

import dev.inbox.store.FailureEntry;
import dev.inbox.store.InboxEntry;
import dev.inbox.store.MessageHistory;
import dev.inbox.store.PendingMessage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;

/**
 * Everything the inbox knows of one message, by the identity it keys the message on: each
 * consumer's row, each consumer's failures, and its copies in the quarantine and the dead-letter
 * queue.
 */
@ApplicationScoped
public class Traces {

  private final MessageHistory history;
  private final HeldMessages held;

  @Inject
  Traces(MessageHistory history, HeldMessages held) {
    this.history = history;
    this.held = held;
  }

  /** For the CDI proxy. */
  protected Traces() {
    this(null, null);
  }

  /**
   * What one consumer's row says. Times are UTC.
   *
   * @param outcome {@code applied}, or {@code semantic-duplicate} when the row records that the
   *     message repeated another one's business key ({@code duplicateOf})
   */
  public record Row(
      String consumer,
      String outcome,
      String type,
      String tenant,
      LocalDateTime receivedAt,
      LocalDateTime processedAt,
      int deliveryCount,
      String businessKey,
      String duplicateOf,
      String resultReference,
      int processingVersion,
      String fingerprint) {

    static Row of(InboxEntry entry) {
      return new Row(
          entry.consumerName(),
          entry.duplicateOf() == null ? "applied" : "semantic-duplicate",
          entry.messageType(),
          entry.tenantId(),
          entry.receivedAt(),
          entry.processedAt(),
          entry.deliveryCount(),
          entry.businessKey(),
          entry.duplicateOf(),
          entry.resultReference(),
          entry.processingVersion(),
          entry.payloadHash());
    }
  }

  /** What the failure ledger says of one consumer's attempts. Times are UTC. */
  public record Failure(
      String consumer,
      int attempts,
      String kind,
      LocalDateTime firstSeen,
      LocalDateTime lastSeen,
      String lastError,
      String errorType,
      String errorFrame) {

    static Failure of(FailureEntry entry) {
      return new Failure(
          entry.consumerName(),
          entry.attempts(),
          entry.kind().name().toLowerCase(Locale.ROOT),
          entry.firstSeen(),
          entry.lastSeen(),
          entry.lastError(),
          entry.cause().type(),
          entry.cause().frame());
    }
  }

  /**
   * Where a store-then-process consumer's stored copy of the message stands. Times are UTC.
   *
   * @param state {@code pending}, {@code done}, {@code parked} or {@code released}
   * @param sequence its number within its ordering key, or null
   * @param nextAttemptAt when a worker may next try it, while pending
   * @param finishedAt when it was processed or released, or null
   */
  public record Stored(
      String consumer,
      String state,
      String orderingKey,
      Long sequence,
      int attempts,
      String lastError,
      LocalDateTime receivedAt,
      LocalDateTime nextAttemptAt,
      LocalDateTime finishedAt) {

    static Stored of(PendingMessage message) {
      return new Stored(
          message.consumerName(),
          message.state().name().toLowerCase(Locale.ROOT),
          message.orderingKey(),
          message.sequence(),
          message.attempts(),
          message.lastError(),
          message.receivedAt(),
          message.nextAttemptAt(),
          message.finishedAt());
    }
  }

  /**
   * A message's trace.
   *
   * @param found whether the inbox knows anything of it
   */
  public record Trace(
      String messageId,
      boolean found,
      List<Row> rows,
      List<Failure> failures,
      List<Stored> stored,
      List<HeldMessage> quarantined,
      List<HeldMessage> deadLettered) {}

  public Trace of(String messageId) {
    List<Row> rows = history.rows(messageId).stream().map(Row::of).toList();
    List<Failure> failures = history.failures(messageId).stream().map(Failure::of).toList();
    List<Stored> stored = history.stored(messageId).stream().map(Stored::of).toList();
    List<HeldMessage> quarantined = held.ofMessage(HeldQueue.QUARANTINE, messageId);
    List<HeldMessage> deadLettered = held.ofMessage(HeldQueue.DEAD_LETTERS, messageId);
    boolean found =
        !rows.isEmpty()
            || !failures.isEmpty()
            || !stored.isEmpty()
            || !quarantined.isEmpty()
            || !deadLettered.isEmpty();
    return new Trace(messageId, found, rows, failures, stored, quarantined, deadLettered);
  }
}
