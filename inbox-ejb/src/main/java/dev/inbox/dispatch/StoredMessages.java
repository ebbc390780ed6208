package dev.inbox.dispatch;

import dev.inbox.quarantine.Quarantine;
import dev.inbox.spi.Envelope;
import dev.inbox.spi.QuarantineReason;
import dev.inbox.store.ErrorCause;
import dev.inbox.store.FailureKind;
import dev.inbox.store.InboxStore;
import dev.inbox.store.PendingMessage;
import dev.inbox.store.PendingMessages;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;
import java.util.logging.Logger;

/**
 * What the workers do with a message a store-then-process consumer took in: run its handler in a
 * transaction of its own, which commits the handler's effect with the message's done mark; or, when
 * the handler failed, record the attempt, and once no attempt is left park the message and
 * quarantine a copy of it, in one transaction. Every processing ends as a delivery does: one {@link
 * DeliveryEnded}, for metrics and the log.
 */
@ApplicationScoped
public class StoredMessages {

  private final PendingMessages pending;
  private final InboxStore store;
  private final Subscriptions subscriptions;
  private final Applying applying;
  private final Endings endings;
  private final Quarantine quarantine;
  private final Backoff backoff;
  private final Policy policy;
  private final Clock clock;
  private final Event<SequenceGap> gaps;
  private final Event<StoredApplied> applied;

  private static final Logger LOG = Logger.getLogger(StoredMessages.class.getName());

  @Resource private TransactionSynchronizationRegistry transactions;

  @Inject
  StoredMessages(
      PendingMessages pending,
      InboxStore store,
      Subscriptions subscriptions,
      Applying applying,
      Endings endings,
      Quarantine quarantine,
      Backoff backoff,
      Policy policy,
      Clock clock,
      Event<SequenceGap> gaps,
      Event<StoredApplied> applied) {
    this.pending = pending;
    this.store = store;
    this.subscriptions = subscriptions;
    this.applying = applying;
    this.endings = endings;
    this.quarantine = quarantine;
    this.backoff = backoff;
    this.policy = policy;
    this.clock = clock;
    this.gaps = gaps;
    this.applied = applied;
  }

  /** For the CDI proxy. */
  protected StoredMessages() {
    this(null, null, null, null, null, null, null, null, null, null, null);
  }

  /** How one processing went. */
  public sealed interface Processed {
    /** The handler's effect committed with the done mark. */
    record Applied() implements Processed {}

    /** The claim is no longer this worker's, or the message is finished: nothing was done. */
    record Lost() implements Processed {}

    /**
     * The handler failed; the attempt rolled back.
     *
     * @param attempt which attempt it was, from 1
     */
    record Failed(FailureKind kind, String error, ErrorCause cause, int attempt)
        implements Processed {}
  }

  /** Processes one claimed message, in a transaction of its own. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Processed process(PendingMessages.Claim claim) {
    LocalDateTime now = LocalDateTime.now(clock);
    PendingMessage message = pending.finish(claim, now).orElse(null);
    Subscription consumer = subscriptions.named(claim.consumer()).orElse(null);
    if (message == null || consumer == null) {
      // A consumer no longer deployed leaves its messages pending until it is back.
      transactions.setRollbackOnly();
      return new Processed.Lost();
    }
    noteOrder(message, claim.expected());
    Envelope envelope = message.envelope();
    Delivery delivery = delivery(message, envelope);
    Verdict verdict =
        applying.run(
            consumer,
            envelope,
            delivery.deliveryCount(),
            store.find(claim.consumer(), claim.messageId()).orElse(null),
            Verdict.of(consumer.consumer(), Outcome.APPLIED));
    endings.announce(delivery, List.of(verdict), DeliveryTracing.UNTRACED);
    if (verdict.outcome() == Outcome.FAILED) {
      transactions.setRollbackOnly();
      return new Processed.Failed(
          verdict.failure(),
          Classification.summary(verdict.error()),
          ErrorCause.of(verdict.error()),
          delivery.deliveryCount());
    }
    applied.fire(new StoredApplied(claim.consumer(), message.receivedAt()));
    return new Processed.Applied();
  }

  /**
   * Records a failed attempt, in a transaction of its own: the message is due again after a backoff
   * with jitter, or, rejected or out of attempts ({@code inbox.max-attempts}), parked and
   * quarantined with the same transaction.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void failed(PendingMessages.Claim claim, Processed.Failed failure) {
    record(claim, failure);
  }

  /**
   * Records as a failed attempt a processing that threw instead of ending (its commit failed), in a
   * transaction of its own.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void broke(PendingMessages.Claim claim, RuntimeException error) {
    int attempts = pending.attempts(claim.consumer(), claim.messageId());
    record(
        claim,
        new Processed.Failed(
            Classification.of(error),
            Classification.summary(error),
            ErrorCause.of(error),
            attempts + 1));
  }

  private void record(PendingMessages.Claim claim, Processed.Failed failure) {
    LocalDateTime now = LocalDateTime.now(clock);
    boolean rejected = failure.kind() == FailureKind.PERMANENT;
    PendingMessage message =
        pending
            .failed(
                claim,
                failure.error(),
                now.plus(backoff.after(failure.attempt())),
                rejected ? 0 : policy.maxAttempts())
            .orElse(null);
    if (message == null || message.state() != PendingMessage.State.PARKED) {
      return;
    }
    Envelope envelope = message.envelope();
    QuarantineReason reason =
        rejected ? QuarantineReason.REJECTED : QuarantineReason.RETRIES_EXHAUSTED;
    quarantine.send(
        envelope,
        new Quarantine.Entry(
            envelope.messageId(),
            reason,
            claim.consumer(),
            "%s after %d attempt%s; its ordering key '%s' is held until it is released: %s"
                .formatted(
                    rejected ? "rejected" : "failed",
                    message.attempts(),
                    message.attempts() == 1 ? "" : "s",
                    message.orderingKey(),
                    failure.error()),
            message.destination(),
            message.attempts(),
            envelope.producedAt(),
            failure.cause(),
            null));
  }

  /**
   * Logs a numbered message that is not its key's next number: one the key moved on to past a gap,
   * counted once the processing commits; or one that came after its key had moved past it.
   */
  private void noteOrder(PendingMessage message, Long expected) {
    Long sequence = message.sequence();
    if (sequence == null || expected == null) {
      return;
    }
    if (sequence > expected) {
      LOG.warning(
          () ->
              ("Consumer '%s', ordering key '%s': number %d never came within"
                      + " inbox.store-then-process.gap-timeout; moving on to %d (message %s)")
                  .formatted(
                      message.consumerName(),
                      message.orderingKey(),
                      expected,
                      sequence,
                      message.messageId()));
      gaps.fire(new SequenceGap(message.consumerName(), message.orderingKey(), expected, sequence));
    } else if (sequence < expected - 1) {
      LOG.warning(
          () ->
              ("Consumer '%s', ordering key '%s': message %s, number %d, came after its key had"
                      + " moved on to %d; processed now, out of order")
                  .formatted(
                      message.consumerName(),
                      message.orderingKey(),
                      message.messageId(),
                      sequence,
                      expected - 1));
    }
  }

  /** The processing as a delivery, for metrics and the log: its attempt is its delivery count. */
  private static Delivery delivery(PendingMessage message, Envelope envelope) {
    return new Delivery(
        envelope.messageId(),
        envelope.type(),
        message.attempts() + 1,
        envelope.producedAt(),
        message.destination(),
        Redrive.NONE,
        true);
  }
}
