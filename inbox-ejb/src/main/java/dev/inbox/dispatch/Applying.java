package dev.inbox.dispatch;

import dev.inbox.spi.Envelope;
import dev.inbox.store.AppliedBodies;
import dev.inbox.store.InboxEntry;
import dev.inbox.store.InboxStore;
import dev.inbox.store.UncertainEffects;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

/**
 * The effects that write a consumer's inbox row, in the delivery's transaction: a message applied
 * (its row, then its handler), applied again under a new processing version, or recorded as the
 * semantic duplicate of another. The row is written and flushed first, so that the unique key
 * decides a race before any handler runs; a race lost is a {@link Outcome#CONFLICT}.
 */
@ApplicationScoped
class Applying {

  private final InboxStore store;
  private final AppliedBodies bodies;
  private final UncertainEffects uncertain;
  private final Failures failures;
  private final Clock clock;

  @Resource private TransactionSynchronizationRegistry transactions;

  @Inject
  Applying(
      InboxStore store,
      AppliedBodies bodies,
      UncertainEffects uncertain,
      Failures failures,
      Clock clock) {
    this.store = store;
    this.bodies = bodies;
    this.uncertain = uncertain;
    this.failures = failures;
    this.clock = clock;
  }

  /** For the CDI proxy. */
  protected Applying() {
    this(null, null, null, null, null);
  }

  /** Records the row, keeps the body where the console asks for it, and runs the handler. */
  Verdict apply(
      Subscription consumer, Admission.Admitted admitted, int deliveryCount, Decision.Apply apply) {
    String name = consumer.consumer();
    LocalDateTime now = LocalDateTime.now(clock);
    InboxEntry row =
        InboxEntry.applied(
            name,
            admitted.envelope(),
            deliveryCount,
            admitted.fingerprint(),
            apply.businessKey(),
            receivedAt(apply.firstReceipt(), now),
            now,
            consumer.processingVersion());
    if (!store.insert(row)) {
      return Verdict.of(name, Outcome.CONFLICT, null);
    }
    bodies.keep(name, admitted.envelope().messageId(), admitted.envelope().payload());
    return run(
        consumer,
        admitted.envelope(),
        deliveryCount,
        row,
        apply.late()
            ? Verdict.late(name, "applied although late (inbox.late-delivery-policy=process)")
            : Verdict.of(name, Outcome.APPLIED, null));
  }

  /** Takes the row an earlier processing version wrote, and runs the handler again. */
  Verdict reprocess(
      Subscription consumer,
      Admission.Admitted admitted,
      int deliveryCount,
      Decision.Reprocess reprocess) {
    String name = consumer.consumer();
    if (deliveryCount == 1) {
      // Applied again, it starts with every attempt: what the ledger kept of the earlier version's
      // failures on it goes, in a transaction of its own.
      failures.forget(name, admitted.envelope().messageId());
    }
    Optional<InboxEntry> row =
        store.reprocess(
            name,
            admitted.envelope().messageId(),
            reprocess.version(),
            deliveryCount,
            LocalDateTime.now(clock));
    if (row.isEmpty()) {
      return Verdict.of(name, Outcome.CONFLICT, null);
    }
    bodies.keep(name, admitted.envelope().messageId(), admitted.envelope().payload());
    Recorded earlier = reprocess.earlier();
    return run(
        consumer,
        admitted.envelope(),
        deliveryCount,
        row.get(),
        Verdict.reprocessed(
            name,
            earlier,
            "applied again under processing version %d; version %d applied it at %s"
                .formatted(reprocess.version(), earlier.processingVersion(), earlier.at())));
  }

  /**
   * Records the row of a message that asked for a business action another message asked first, or
   * ({@link Outcome#CONTENT_DUPLICATE}) brought a payload another message brought first.
   */
  Verdict duplicateOf(
      Subscription consumer,
      Admission.Admitted admitted,
      int deliveryCount,
      Recorded first,
      Instant firstReceipt,
      Outcome outcome) {
    String name = consumer.consumer();
    LocalDateTime now = LocalDateTime.now(clock);
    InboxEntry row =
        InboxEntry.semanticDuplicate(
            name,
            admitted.envelope(),
            deliveryCount,
            admitted.fingerprint(),
            first.messageId(),
            receivedAt(firstReceipt, now),
            now,
            consumer.processingVersion());
    return store.insert(row)
        ? Verdict.duplicate(name, outcome, first, "of " + first.messageId())
        : Verdict.of(name, Outcome.CONFLICT, null);
  }

  /**
   * Runs the handler on the message whose row the delivery holds; writes on the row what it
   * produced, and settles the uncertain effects it read.
   *
   * @param row the consumer's row, or null when it is gone (the worker of a stored message whose
   *     row an operator forgot meanwhile): then what the handler produced is not written
   * @param success the verdict when the handler returns normally
   */
  Verdict run(
      Subscription consumer,
      Envelope envelope,
      int deliveryCount,
      InboxEntry row,
      Verdict success) {
    String name = consumer.consumer();
    DeliveryContext context =
        new DeliveryContext(name, envelope.messageId(), deliveryCount, uncertain);
    long start = System.nanoTime();
    Verdict verdict;
    try {
      consumer.handler().handle(envelope, context);
      stillActive(start);
      context.settleRead(LocalDateTime.now(clock));
      if (row != null) {
        row.produced(context.result());
      }
      verdict = success;
    } catch (Throwable e) {
      // As for businessKey: an Error too is the handler's failure.
      verdict = failures.fail(name, envelope.messageId(), e, "handler threw");
    }
    return verdict.ran(Duration.ofNanos(System.nanoTime() - start), context.reported());
  }

  /** Received when the consumer first tried it, as far as the failure ledger knows. */
  static LocalDateTime receivedAt(Instant firstReceipt, LocalDateTime now) {
    return firstReceipt == null ? now : LocalDateTime.ofInstant(firstReceipt, ZoneOffset.UTC);
  }

  /**
   * Fails when the handler returned normally from a transaction that is no longer active: it caught
   * a failure that had already doomed the transaction (a flush that failed, a transactional call
   * that threw), or ran past the transaction timeout, which rolled it back. Either way it is this
   * consumer's failure, not the next's, and without counting it the message would go round the
   * broker's redeliveries until dead-lettered.
   */
  private void stillActive(long start) {
    int status = transactions.getTransactionStatus();
    if (status == Status.STATUS_ACTIVE) {
      return;
    }
    throw new IllegalStateException(
        "the handler returned normally after %d ms, but its transaction is %s: a failure it"
                .formatted(
                    Duration.ofNanos(System.nanoTime() - start).toMillis(),
                    switch (status) {
                      case Status.STATUS_MARKED_ROLLBACK -> "marked for rollback";
                      case Status.STATUS_ROLLEDBACK, Status.STATUS_ROLLING_BACK -> "rolled back";
                      default -> "no longer active (status " + status + ")";
                    })
            + " caught doomed it, or it ran past the transaction timeout");
  }
}
