package dev.inbox.dispatch;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.Limits;
import dev.inbox.spi.MessageRejectedException;
import dev.inbox.store.InboxEntry;
import dev.inbox.store.InboxStore;
import dev.inbox.store.PendingMessage;
import dev.inbox.store.PendingMessages;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.OptionalLong;

/**
 * The effect of a new message for a consumer in store-then-process mode, in the delivery's
 * transaction: the consumer's row, written and flushed first so that the unique key decides a race,
 * and the stored message with its body and ordering key, which the workers apply later ({@link
 * StoredMessages}).
 */
@ApplicationScoped
class Storing {

  private final InboxStore store;
  private final PendingMessages pending;
  private final Failures failures;
  private final Clock clock;

  @Inject
  Storing(InboxStore store, PendingMessages pending, Failures failures, Clock clock) {
    this.store = store;
    this.pending = pending;
    this.failures = failures;
    this.clock = clock;
  }

  /** For the CDI proxy. */
  protected Storing() {
    this(null, null, null, null);
  }

  /**
   * Records the row, and stores the message with its body for the workers: the handler runs later,
   * in order per its ordering key ({@link StoredMessages}).
   */
  Verdict store(
      Subscription consumer,
      Admission.Admitted admitted,
      Delivery delivery,
      Decision.Store stored) {
    int deliveryCount = delivery.deliveryCount();
    String destination = delivery.destination();
    String name = consumer.consumer();
    Envelope envelope = admitted.envelope();
    String orderingKey;
    OptionalLong sequence;
    try {
      orderingKey = consumer.handler().orderingKey(envelope).orElse(envelope.messageId());
      sequence = consumer.handler().sequence(envelope);
    } catch (Throwable e) {
      // As for businessKey: anything the handler throws is its failure.
      return failures.fail(name, envelope.messageId(), e, "orderingKey or sequence threw");
    }
    if (orderingKey.length() > Limits.ORDERING_KEY) {
      // The same message always gives the same key: no redelivery can succeed.
      return failures.fail(
          name,
          envelope.messageId(),
          new MessageRejectedException(
              "ordering key is %d characters long; at most %d fit"
                  .formatted(orderingKey.length(), Limits.ORDERING_KEY)),
          "orderingKey too long");
    }
    LocalDateTime now = LocalDateTime.now(clock);
    InboxEntry row =
        InboxEntry.applied(
            name,
            envelope,
            deliveryCount,
            admitted.fingerprint(),
            stored.businessKey(),
            Applying.receivedAt(stored.firstReceipt(), now),
            now,
            consumer.processingVersion());
    if (!store.insert(row)) {
      return Verdict.of(name, Outcome.CONFLICT, null);
    }
    pending.take(
        new PendingMessage(
            name,
            envelope,
            orderingKey,
            sequence.isPresent() ? sequence.getAsLong() : null,
            destination,
            now));
    return Verdict.of(
        name,
        Outcome.STORED,
        stored.late() ? "stored although late (inbox.late-delivery-policy=process)" : null);
  }
}
