package dev.inbox.dispatch;

import dev.inbox.quarantine.Quarantine;
import dev.inbox.quarantine.Reason;
import dev.inbox.spi.Envelope;
import dev.inbox.spi.MessageRejectedException;
import dev.inbox.store.FailureEntry;
import dev.inbox.store.FailureKind;
import dev.inbox.store.FailureLedger;
import dev.inbox.store.InboxEntry;
import dev.inbox.store.InboxStore;
import dev.inbox.store.Watermarks;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.jms.Message;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Applies one delivery, in the caller's transaction, to every consumer of its type: look up the
 * inbox row, tell duplicates and collisions apart, give up on messages that failed too often,
 * insert and flush the row before the handler runs, then run the handler. The unique key on
 * (consumer, message id) decides every race.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class Dispatcher {

  private static final Logger LOG = Logger.getLogger(Dispatcher.class.getName());

  private final Subscriptions subscriptions;
  private final InboxStore store;
  private final FailureLedger ledger;
  private final Quarantine quarantine;
  private final Event<Delivery> deliveries;
  private final Event<RollingBack> rollbacks;

  @Resource private TransactionSynchronizationRegistry transactions;
  private final Watermarks watermarks;
  private final UnknownTypePolicy unknownTypePolicy;
  private final boolean quarantineLateDeliveries;
  private final AttemptBudget budget;

  @Inject
  Dispatcher(
      Subscriptions subscriptions,
      InboxStore store,
      FailureLedger ledger,
      Quarantine quarantine,
      Event<Delivery> deliveries,
      Event<RollingBack> rollbacks,
      Watermarks watermarks,
      AttemptBudget budget,
      @ConfigProperty(name = "inbox.unknown-type-policy", defaultValue = "quarantine")
          String unknownTypePolicy,
      @ConfigProperty(name = "inbox.late-delivery-policy", defaultValue = "quarantine")
          String lateDeliveryPolicy) {
    this.subscriptions = subscriptions;
    this.store = store;
    this.ledger = ledger;
    this.quarantine = quarantine;
    this.deliveries = deliveries;
    this.rollbacks = rollbacks;
    this.watermarks = watermarks;
    this.unknownTypePolicy = UnknownTypePolicy.valueOf(unknownTypePolicy.strip().toUpperCase());
    this.quarantineLateDeliveries =
        switch (lateDeliveryPolicy.strip().toLowerCase()) {
          case "quarantine" -> true;
          case "process" -> false;
          default ->
              throw new IllegalArgumentException(
                  "inbox.late-delivery-policy is '%s': it must be quarantine or process"
                      .formatted(lateDeliveryPolicy));
        };
    this.budget = budget;
  }

  /** For the CDI proxy. */
  protected Dispatcher() {
    this.subscriptions = null;
    this.store = null;
    this.ledger = null;
    this.quarantine = null;
    this.deliveries = null;
    this.rollbacks = null;
    this.watermarks = null;
    this.unknownTypePolicy = null;
    this.quarantineLateDeliveries = true;
    this.budget = null;
  }

  /**
   * Dispatches a delivery. The caller rolls the transaction back when the result says so, and
   * otherwise lets it commit, which acknowledges the message.
   */
  public DispatchResult dispatch(Received received) {
    Envelope envelope = received.envelope();
    Message original = received.message();
    if (received.admission() instanceof Admission.Refused refused) {
      return quarantineInvalid(envelope, original, refused.reason(), refused.detail());
    }
    String hash = ((Admission.Admitted) received.admission()).fingerprint();
    List<Subscription> consumers = subscriptions.of(envelope.type());
    if (consumers.isEmpty()) {
      return unknownTypePolicy == UnknownTypePolicy.IGNORE
          ? finish(envelope, List.of(Verdict.of(null, Outcome.IGNORED)), false)
          : quarantineInvalid(
              envelope, original, Reason.UNKNOWN_TYPE, Reason.UNKNOWN_TYPE.describe(envelope));
    }
    boolean redrive = received.redrive() != Redrive.NONE && envelope.deliveryCount() == 1;
    if (redrive) {
      // An operator sent it back: every consumer gets all its attempts again. Only on the first
      // delivery, so that a redriven message that fails again is still given up on.
      int cleared =
          ledger.clear(
              envelope.messageId(), consumers.stream().map(Subscription::consumer).toList());
      LOG.info(
          () ->
              "Redriven message %s arrived; cleared %d failure-ledger entries"
                  .formatted(envelope.messageId(), cleared));
    }
    // An operator who redrives a quarantined copy has decided on it, whatever the reason: it is
    // not held against the retention watermark again (a dead-lettered one has not been looked at).
    boolean checkLate = received.redrive() != Redrive.FROM_QUARANTINE;
    LocalDateTime receivedAt = now();
    List<Verdict> verdicts = new ArrayList<>();
    for (Subscription consumer : consumers) {
      Verdict verdict;
      try {
        verdict = deliver(consumer, envelope, original, hash, receivedAt, checkLate);
      } catch (RuntimeException e) {
        // The database or the broker failed: the same as a handler's transient failure.
        verdict = failed(consumer, envelope, e, "the inbox could not record it");
      }
      verdicts.add(verdict);
      if (verdict.outcome().rollsBack()) {
        // The transaction is lost: no statement may follow a failed one (PostgreSQL aborts the
        // whole transaction), and the redelivery re-examines every consumer.
        break;
      }
    }
    return finish(envelope, verdicts, redrive);
  }

  private Verdict deliver(
      Subscription consumer,
      Envelope envelope,
      Message original,
      String hash,
      LocalDateTime receivedAt,
      boolean checkLate) {
    String name = consumer.consumer();
    if (!consumer.accepts(envelope.contractVersion())) {
      return quarantine(consumer, envelope, original, Reason.UNSUPPORTED_CONTRACT_VERSION, null);
    }
    Optional<InboxEntry> recorded = store.find(name, envelope.messageId());
    if (recorded.isPresent()) {
      return recorded.get().payloadHash().equals(hash)
          ? Verdict.of(name, Outcome.DUPLICATE)
          : collision(name, envelope, original, hash, recorded.get());
    }
    boolean late = checkLate && watermarks.isLate(name, envelope.producedAt());
    if (late && quarantineLateDeliveries) {
      return quarantine(consumer, envelope, original, Reason.LATE_DELIVERY, null);
    }
    if (envelope.deliveryCount() > 1) {
      // Only a redelivery can have failed before: the first delivery never reads the ledger.
      Optional<Verdict> givenUp = giveUpIfExhausted(consumer, envelope, original);
      if (givenUp.isPresent()) {
        return givenUp.get();
      }
    }

    String businessKey;
    try {
      businessKey = consumer.handler().businessKey(envelope).orElse(null);
    } catch (Throwable e) {
      // Anything a handler throws is its failure, an Error included (the StackOverflowError of a
      // body it recurses into, an AssertionError): counted, so that it ends quarantined.
      return failed(consumer, envelope, e, "businessKey threw");
    }
    if (businessKey != null && businessKey.length() > InboxEntry.MAX_KEY_LENGTH) {
      // The same message always gives the same key: no redelivery can succeed.
      return failed(
          consumer,
          envelope,
          new MessageRejectedException(
              "business key is %d characters long; at most %d fit"
                  .formatted(businessKey.length(), InboxEntry.MAX_KEY_LENGTH)),
          "businessKey too long");
    }
    if (businessKey != null) {
      Optional<InboxEntry> firstAsked = store.findByBusinessKey(name, businessKey);
      if (firstAsked.isPresent()) {
        InboxEntry duplicate =
            InboxEntry.semanticDuplicate(
                name, envelope, hash, firstAsked.get().messageId(), receivedAt, now());
        return store.insert(duplicate)
            ? Verdict.of(name, Outcome.SEMANTIC_DUPLICATE, null, "of " + duplicate.duplicateOf())
            : Verdict.of(name, Outcome.CONFLICT);
      }
    }

    if (!store.insert(InboxEntry.applied(name, envelope, hash, businessKey, receivedAt, now()))) {
      return Verdict.of(name, Outcome.CONFLICT);
    }
    DeliveryContext context =
        new DeliveryContext(name, envelope.messageId(), envelope.deliveryCount());
    long start = System.nanoTime();
    try {
      consumer.handler().handle(envelope, context);
      int status = transactions.getTransactionStatus();
      if (status != Status.STATUS_ACTIVE) {
        // The handler caught a failure that had already doomed the transaction (a flush that
        // failed, a transactional call that threw), or ran past the transaction timeout, which
        // rolled it back: either way it is this consumer's failure, not the next's, and without
        // counting it the message would go round the broker's redeliveries until dead-lettered.
        throw new IllegalStateException(
            "the handler returned normally after %d ms, but its transaction is %s: a failure it"
                    .formatted(
                        Duration.ofNanos(System.nanoTime() - start).toMillis(),
                        switch (status) {
                          case Status.STATUS_MARKED_ROLLBACK -> "marked for rollback";
                          case Status.STATUS_ROLLEDBACK, Status.STATUS_ROLLING_BACK ->
                              "rolled back";
                          default -> "no longer active (status " + status + ")";
                        })
                + " caught doomed it, or it ran past the transaction timeout");
      }
    } catch (Throwable e) {
      // As for businessKey: an Error too is the handler's failure.
      Verdict failed = failed(consumer, envelope, e, "handler threw");
      return new Verdict(
          name,
          failed.outcome(),
          failed.reason(),
          failed.detail(),
          e,
          Duration.ofNanos(System.nanoTime() - start),
          context.uncertainEffects());
    }
    return new Verdict(
        name,
        Outcome.APPLIED,
        late ? Reason.LATE_DELIVERY.code() : null,
        late ? "applied although late (inbox.late-delivery-policy=process)" : null,
        null,
        Duration.ofNanos(System.nanoTime() - start),
        context.uncertainEffects());
  }

  /** Quarantines a message its handler rejected, or failed on as often as allowed. */
  private Optional<Verdict> giveUpIfExhausted(
      Subscription consumer, Envelope envelope, Message original) {
    Optional<FailureEntry> failures = ledger.find(consumer.consumer(), envelope.messageId());
    if (failures.isEmpty()) {
      return Optional.empty();
    }
    FailureEntry entry = failures.get();
    String history =
        "%s after %d attempt%s: %s"
            .formatted(
                entry.kind() == FailureKind.PERMANENT ? "rejected" : "failed",
                entry.attempts(),
                entry.attempts() == 1 ? "" : "s",
                entry.lastError());
    if (entry.kind() == FailureKind.PERMANENT) {
      return Optional.of(quarantine(consumer, envelope, original, Reason.REJECTED, history));
    }
    if (entry.attempts() >= budget.maxAttempts()) {
      return Optional.of(
          quarantine(consumer, envelope, original, Reason.RETRIES_EXHAUSTED, history));
    }
    return Optional.empty();
  }

  private Verdict failed(Subscription consumer, Envelope envelope, Throwable e, String what) {
    FailureKind kind = Classification.of(e);
    String summary = Classification.summary(e);
    ledger.recordFailure(consumer.consumer(), envelope.messageId(), kind, summary);
    return new Verdict(
        consumer.consumer(), Outcome.FAILED, kind.name(), what + ", " + kind, e, null, 0);
  }

  private Verdict quarantine(
      Subscription consumer, Envelope envelope, Message original, Reason reason, String detail) {
    String error = detail == null ? reason.describe(envelope) : detail;
    quarantine.send(original, envelope, reason, consumer.consumer(), error);
    Outcome outcome =
        reason == Reason.UNSUPPORTED_CONTRACT_VERSION ? Outcome.INVALID : Outcome.QUARANTINED;
    return Verdict.of(consumer.consumer(), outcome, reason.code(), reason.code() + ": " + error);
  }

  private Verdict collision(
      String consumer, Envelope envelope, Message original, String hash, InboxEntry recorded) {
    String detail =
        "payload hash %s differs from the recorded %s".formatted(hash, recorded.payloadHash());
    quarantine.send(original, envelope, Reason.PAYLOAD_MISMATCH, consumer, detail);
    return Verdict.of(consumer, Outcome.COLLISION, Reason.PAYLOAD_MISMATCH.code(), detail);
  }

  private DispatchResult quarantineInvalid(
      Envelope envelope, Message original, Reason reason, String detail) {
    quarantine.send(original, envelope, reason, null, detail);
    return finish(
        envelope,
        List.of(Verdict.of(null, Outcome.INVALID, reason.code(), reason.code() + ": " + detail)),
        false);
  }

  /**
   * Logs each verdict and announces the delivery: to the observers of its transaction's end, or at
   * once when the transaction is already bound to roll back.
   */
  private DispatchResult finish(Envelope envelope, List<Verdict> verdicts, boolean redrive) {
    for (Verdict verdict : verdicts) {
      LOG.log(
          verdict.outcome().level(),
          verdict.error(),
          () ->
              "Inbox %s: consumer=%s messageId=%s type=%s delivery=%d%s"
                  .formatted(
                      verdict.outcome(),
                      verdict.consumer() == null ? "-" : verdict.consumer(),
                      envelope.messageId(),
                      envelope.type(),
                      envelope.deliveryCount(),
                      verdict.detail() == null ? "" : " (" + verdict.detail() + ")"));
    }
    DispatchResult result = new DispatchResult(verdicts);
    Delivery delivery = new Delivery(envelope, result, redrive);
    if (result.rollsBack() || transactions.getTransactionStatus() != Status.STATUS_ACTIVE) {
      rollbacks.fire(new RollingBack(delivery));
    } else {
      deliveries.fire(delivery);
    }
    return result;
  }

  private static LocalDateTime now() {
    return LocalDateTime.now(ZoneOffset.UTC);
  }
}
