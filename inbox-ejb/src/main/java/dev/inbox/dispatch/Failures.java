package dev.inbox.dispatch;

import dev.inbox.store.ErrorCause;
import dev.inbox.store.FailureKind;
import dev.inbox.store.FailureLedger;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.logging.Logger;

/**
 * A consumer's failures on a message, as the failure ledger counts them: each in a transaction of
 * its own that outlives the delivery's rollback, so that the attempts add up across redeliveries.
 */
@ApplicationScoped
class Failures {

  private static final Logger LOG = Logger.getLogger(Failures.class.getName());

  private final FailureLedger ledger;

  @Inject
  Failures(FailureLedger ledger) {
    this.ledger = ledger;
  }

  /** For the CDI proxy. */
  protected Failures() {
    this(null);
  }

  /** Counts a failure, and gives the verdict it leads to: roll back, and be redelivered. */
  Verdict fail(String consumer, String messageId, Throwable error, String what) {
    FailureKind kind = Classification.of(error);
    ledger.recordFailure(
        consumer, messageId, kind, Classification.summary(error), ErrorCause.of(error));
    return Verdict.failed(consumer, kind, what + ", " + kind, error);
  }

  /** An operator redrove the message: every consumer gets all its attempts again. */
  void clear(String messageId, List<Subscription> consumers) {
    int cleared = ledger.clear(messageId, consumers.stream().map(Subscription::consumer).toList());
    LOG.info(
        () ->
            "Redriven message %s arrived; cleared %d failure-ledger entries"
                .formatted(messageId, cleared));
  }

  /** A message applied again starts with every attempt for the consumer. */
  void forget(String consumer, String messageId) {
    ledger.clear(messageId, List.of(consumer));
  }
}
