package dev.inbox.dispatch;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.Limits;
import dev.inbox.spi.MessageRejectedException;
import dev.inbox.spi.QuarantineReason;
import dev.inbox.store.FailureKind;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The inbox's decisions, as functions of what it knows: nothing here writes, sends or calls a
 * handler's {@code handle}. A decision asks {@link Facts} only for what its case needs.
 */
final class Decide {

  private Decide() {}

  /**
   * The decision for the message as a whole, before any consumer: a message no consumer can take,
   * or whose type none handles. Empty when its consumers decide, each for itself.
   */
  static Optional<Decision> forMessage(
      Admission admission, List<Subscription> consumers, Policy policy) {
    if (admission instanceof Admission.Refused refused) {
      return Optional.of(new Decision.Quarantine(refused.reason(), refused.detail()));
    }
    if (!consumers.isEmpty()) {
      return Optional.empty();
    }
    if (policy.unknownType() == UnknownTypePolicy.IGNORE) {
      return Optional.of(new Decision.Ignore());
    }
    Envelope envelope = ((Admission.Admitted) admission).envelope();
    return Optional.of(
        new Decision.Quarantine(
            QuarantineReason.UNKNOWN_TYPE, QuarantineReason.UNKNOWN_TYPE.describe(envelope)));
  }

  /**
   * The decision for one consumer, in the order the cases are checked: the contract version, an
   * earlier row (a duplicate, a collision, or a message to apply again under a newer processing
   * version), the retention watermark, earlier failures, the business key, then the content window.
   *
   * @param checkLate whether the watermark applies: not to a copy an operator redrove from
   *     quarantine (nor, as {@link Facts#reprocessRequested()} tells, to a message an operator
   *     asked the consumer to reprocess)
   */
  static Decision forConsumer(
      Subscription consumer,
      Admission.Admitted admitted,
      int deliveryCount,
      boolean checkLate,
      Policy policy,
      Facts facts) {
    Envelope envelope = admitted.envelope();
    if (!consumer.accepts(envelope.contractVersion())) {
      return quarantine(QuarantineReason.UNSUPPORTED_CONTRACT_VERSION, envelope);
    }
    Optional<Recorded> recorded = facts.recorded();
    if (recorded.isPresent()) {
      String fingerprint = recorded.get().fingerprint();
      if (!fingerprint.equals(admitted.fingerprint())) {
        return new Decision.Quarantine(
            QuarantineReason.PAYLOAD_MISMATCH,
            "payload hash %s differs from the recorded %s"
                .formatted(admitted.fingerprint(), fingerprint));
      }
      if (!appliedBefore(recorded.get(), consumer.processingVersion())) {
        return new Decision.Duplicate(recorded.get());
      }
      // Applied again, it has the attempts a new message has: a handler that keeps failing on it
      // ends in quarantine, not in the dead-letter queue.
      return givenUpAfterFailures(deliveryCount, policy, facts)
          .orElseGet(() -> new Decision.Reprocess(recorded.get(), consumer.processingVersion()));
    }
    // Late only when nobody asked for it: an operator's request to reprocess overrides the check.
    boolean late = checkLate && facts.late() && !facts.reprocessRequested();
    if (late && policy.quarantineLate()) {
      return quarantine(QuarantineReason.LATE_DELIVERY, envelope);
    }
    // Only a redelivery can have failed before: the first delivery never reads the ledger.
    Optional<Facts.Failures> failures = deliveryCount > 1 ? facts.failures() : Optional.empty();
    Optional<Decision> givenUp = failures.flatMap(failed -> givenUp(failed, policy));
    if (givenUp.isPresent()) {
      return givenUp.get();
    }
    Instant firstReceipt = failures.map(Facts.Failures::firstSeen).orElse(null);
    Optional<String> businessKey;
    try {
      businessKey = facts.businessKey();
    } catch (Throwable e) {
      // Anything a handler throws is its failure, an Error included (the StackOverflowError of a
      // body it recurses into, an AssertionError): counted, so that it ends quarantined.
      return new Decision.Fail(e, "businessKey threw");
    }
    String key = null;
    if (businessKey.isPresent()) {
      // Scoped as the message's id is: the same business key from two tenants is two actions.
      key = admitted.keyScope() + businessKey.get();
      if (key.length() > Limits.BUSINESS_KEY) {
        // The same message always gives the same key: no redelivery can succeed.
        return new Decision.Fail(
            new MessageRejectedException(
                "business key is %d characters long; at most %d fit"
                    .formatted(key.length(), Limits.BUSINESS_KEY)),
            "businessKey too long");
      }
      Optional<Recorded> first = facts.firstWithBusinessKey(key);
      if (first.isPresent()) {
        return new Decision.DuplicateOf(first.get(), firstReceipt, Outcome.SEMANTIC_DUPLICATE);
      }
    }
    if (consumer.contentWindow() != null) {
      Optional<Recorded> first =
          facts.firstWithContent(admitted.fingerprint(), consumer.contentWindow());
      if (first.isPresent()) {
        return new Decision.DuplicateOf(first.get(), firstReceipt, Outcome.CONTENT_DUPLICATE);
      }
    }
    return apply(consumer, key, late, firstReceipt);
  }

  /** Applies a new message now, or stores it for the workers, as the consumer's mode says. */
  private static Decision apply(
      Subscription consumer, String businessKey, boolean late, Instant firstReceipt) {
    return consumer.storesFirst()
        ? new Decision.Store(businessKey, late, firstReceipt)
        : new Decision.Apply(businessKey, late, firstReceipt);
  }

  /** Whether the row records a message applied under a processing version before this one. */
  private static boolean appliedBefore(Recorded recorded, int version) {
    return !recorded.semanticDuplicate() && recorded.processingVersion() < version;
  }

  /**
   * The quarantine of a redelivery whose handler rejected it, or failed on it as often as allowed.
   */
  private static Optional<Decision> givenUpAfterFailures(
      int deliveryCount, Policy policy, Facts facts) {
    return deliveryCount > 1
        ? facts.failures().flatMap(failed -> givenUp(failed, policy))
        : Optional.empty();
  }

  /** Quarantines a message its handler rejected, or failed on as often as allowed. */
  private static Optional<Decision> givenUp(Facts.Failures failed, Policy policy) {
    boolean rejected = failed.kind() == FailureKind.PERMANENT;
    if (!rejected && failed.attempts() < policy.maxAttempts()) {
      return Optional.empty();
    }
    String history =
        "%s after %d attempt%s: %s"
            .formatted(
                rejected ? "rejected" : "failed",
                failed.attempts(),
                failed.attempts() == 1 ? "" : "s",
                failed.lastError());
    return Optional.of(
        new Decision.Quarantine(
            rejected ? QuarantineReason.REJECTED : QuarantineReason.RETRIES_EXHAUSTED,
            history,
            failed.cause()));
  }

  private static Decision quarantine(QuarantineReason reason, Envelope envelope) {
    return new Decision.Quarantine(reason, reason.describe(envelope));
  }
}
