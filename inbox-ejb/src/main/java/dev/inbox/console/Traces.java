package dev.inbox.console;

import dev.inbox.store.FailureEntry;
import dev.inbox.store.InboxEntry;
import dev.inbox.store.MessageHistory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.LocalDateTime;
import java.util.List;

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
          entry.kind().name().toLowerCase(java.util.Locale.ROOT),
          entry.firstSeen(),
          entry.lastSeen(),
          entry.lastError(),
          entry.cause().type(),
          entry.cause().frame());
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
      List<HeldMessage> quarantined,
      List<HeldMessage> deadLettered) {}

  public Trace of(String messageId) {
    List<Row> rows = history.rows(messageId).stream().map(Row::of).toList();
    List<Failure> failures = history.failures(messageId).stream().map(Failure::of).toList();
    List<HeldMessage> quarantined = held.ofMessage(HeldQueue.QUARANTINE, messageId);
    List<HeldMessage> deadLettered = held.ofMessage(HeldQueue.DEAD_LETTERS, messageId);
    boolean found =
        !rows.isEmpty() || !failures.isEmpty() || !quarantined.isEmpty() || !deadLettered.isEmpty();
    return new Trace(messageId, found, rows, failures, quarantined, deadLettered);
  }
}
