package dev.inbox.dispatch;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.List;

/**
 * Announces each delivery's end ({@link DeliveryEnded}), and ends its span, once it is known: when
 * the delivery's transaction completes, or at once when it is already bound to roll back. A
 * transaction marked for rollback takes no synchronization (Payara refuses it and logs an error),
 * and nothing it did will commit anyway.
 */
@ApplicationScoped
class Endings {

  private final Event<DeliveryEnded> ended;

  @Resource private TransactionSynchronizationRegistry transactions;

  @Inject
  Endings(Event<DeliveryEnded> ended) {
    this.ended = ended;
  }

  /** For the CDI proxy. */
  protected Endings() {
    this(null);
  }

  void announce(Delivery delivery, List<Verdict> verdicts, DeliveryTracing.Trace trace) {
    boolean rollsBack = verdicts.stream().anyMatch(verdict -> verdict.outcome().rollsBack());
    if (rollsBack || transactions.getTransactionStatus() != Status.STATUS_ACTIVE) {
      fire(new DeliveryEnded(delivery, verdicts, DeliveryEnded.Ending.ROLLED_BACK), trace);
      return;
    }
    transactions.registerInterposedSynchronization(
        new Synchronization() {
          @Override
          public void beforeCompletion() {}

          @Override
          public void afterCompletion(int status) {
            fire(
                new DeliveryEnded(
                    delivery,
                    verdicts,
                    status == Status.STATUS_COMMITTED
                        ? DeliveryEnded.Ending.COMMITTED
                        : DeliveryEnded.Ending.COMMIT_FAILED),
                trace);
          }
        });
  }

  private void fire(DeliveryEnded end, DeliveryTracing.Trace trace) {
    try {
      ended.fire(end);
    } finally {
      trace.end(end);
    }
  }
}
