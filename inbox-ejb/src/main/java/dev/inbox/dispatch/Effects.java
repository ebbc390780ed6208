package dev.inbox.dispatch;

import dev.inbox.quarantine.Quarantine;
import dev.inbox.spi.Envelope;
import dev.inbox.store.AppliedBodies;
import dev.inbox.store.ErrorCause;
import dev.inbox.store.FailureKind;
import dev.inbox.store.FailureLedger;
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
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Where a {@link Decision} takes effect, in the delivery's transaction: the one place that inserts
 * inbox rows, quarantines, counts failures in the ledger and runs handlers. Each effect ends in the
 * {@link Verdict} it led to.
 */
@ApplicationScoped
class Effects {

  private static final Logger LOG = Logger.getLogger(Effects.class.getName());

  private final Quarantine quarantine;
  private final InboxStore store;
  private final FailureLedger ledger;
  private final UncertainEffects uncertain;
  private final AppliedBodies bodies;
  private final Clock clock;

  @Resource private TransactionSynchronizationRegistry transactions;

  @Inject
  Effects(
      Quarantine quarantine,
      InboxStore store,
      FailureLedger ledger,
      UncertainEffects uncertain,
      AppliedBodies bodies,
      Clock clock) {
    this.quarantine = quarantine;
    this.store = store;
    this.ledger = ledger;
    this.uncertain = uncertain;
    this.bodies = bodies;
    this.clock = clock;
  }

  /** For the CDI proxy. */
  protected Effects() {
    this(null, null, null, null, null, null);
  }

  /**
   * Carries a decision out, for a consumer, or for the message as a whole when consumer is null.
   */
  Verdict carryOut(Decision decision, Received received, Subscription consumer) {
    String name = consumer == null ? null : consumer.consumer();
    if (decision instanceof Decision.Quarantine quarantined) {
      Delivery delivery = received.delivery();
      quarantine.send(
          received.message(),
          new Quarantine.Entry(
              delivery.messageId(),
              quarantined.reason(),
              name,
              quarantined.detail(),
              delivery.destination(),
              delivery.deliveryCount(),
              delivery.producedAt(),
              quarantined.cause(),
              received.admission() instanceof Admission.Admitted admitted
                  ? admitted.fingerprint()
                  : null));
      return Verdict.quarantined(
          name, quarantined.reason(), quarantined.reason().code() + ": " + quarantined.detail());
    }
    if (decision instanceof Decision.Duplicate duplicate) {
      return Verdict.duplicate(
          name,
          Outcome.DUPLICATE,
          duplicate.first(),
          "first processed at "
              + duplicate.first().at()
              + (duplicate.first().result() == null
                  ? ""
                  : ", produced " + duplicate.first().result()));
    }
    if (decision instanceof Decision.Ignore) {
      return Verdict.of(name, Outcome.IGNORED, null);
    }
    if (decision instanceof Decision.Fail failed) {
      return fail(name, received.delivery().messageId(), failed.error(), failed.what());
    }
    Admission.Admitted admitted = (Admission.Admitted) received.admission();
    int deliveryCount = received.delivery().deliveryCount();
    if (decision instanceof Decision.SemanticDuplicate duplicate) {
      LocalDateTime now = LocalDateTime.now(clock);
      InboxEntry row =
          InboxEntry.semanticDuplicate(
              name,
              admitted.envelope(),
              deliveryCount,
              admitted.fingerprint(),
              duplicate.first().messageId(),
              receivedAt(duplicate.firstReceipt(), now),
              now,
              consumer.processingVersion());
      return store.insert(row)
          ? Verdict.duplicate(
              name,
              Outcome.SEMANTIC_DUPLICATE,
              duplicate.first(),
              "of " + duplicate.first().messageId())
          : Verdict.of(name, Outcome.CONFLICT, null);
    }
    if (decision instanceof Decision.Reprocess reprocess) {
      return reprocess(consumer, admitted, deliveryCount, reprocess);
    }
    return apply(consumer, admitted, deliveryCount, (Decision.Apply) decision);
  }

  /** Counts a failure in the ledger, in a transaction of its own that outlives the rollback. */
  Verdict fail(String consumer, String messageId, Throwable error, String what) {
    FailureKind kind = Classification.of(error);
    ledger.recordFailure(
        consumer, messageId, kind, Classification.summary(error), ErrorCause.of(error));
    return Verdict.failed(consumer, kind, what + ", " + kind, error);
  }

  /** An operator redrove the message: every consumer gets all its attempts again. */
  void clearFailures(String messageId, List<Subscription> consumers) {
    int cleared = ledger.clear(messageId, consumers.stream().map(Subscription::consumer).toList());
    LOG.info(
        () ->
            "Redriven message %s arrived; cleared %d failure-ledger entries"
                .formatted(messageId, cleared));
  }

  /**
   * Records the row and flushes it, so that a race is decided before the handler runs, and runs it.
   */
  private Verdict apply(
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

  /**
   * Takes the row an earlier processing version wrote, so that a race is decided before the handler
   * runs, and runs it.
   */
  private Verdict reprocess(
      Subscription consumer,
      Admission.Admitted admitted,
      int deliveryCount,
      Decision.Reprocess reprocess) {
    String name = consumer.consumer();
    if (deliveryCount == 1) {
      // Applied again, it starts with every attempt: what the ledger kept of the earlier version's
      // failures on it goes, in a transaction of its own.
      ledger.clear(admitted.envelope().messageId(), List.of(name));
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
   * Runs the handler on the message whose row the delivery holds; writes on the row what it
   * produced, and settles the uncertain effects it read.
   *
   * @param success the verdict when the handler returns normally
   */
  private Verdict run(
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
      row.produced(context.result());
      verdict = success;
    } catch (Throwable e) {
      // As for businessKey: an Error too is the handler's failure.
      verdict = fail(name, envelope.messageId(), e, "handler threw");
    }
    return verdict.ran(Duration.ofNanos(System.nanoTime() - start), context.reported());
  }

  /** Received when the consumer first tried it, as far as the failure ledger knows. */
  private static LocalDateTime receivedAt(Instant firstReceipt, LocalDateTime now) {
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
