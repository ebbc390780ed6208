package dev.inbox.dispatch;

import java.util.List;

/**
 * One delivery, ended: how it came, every verdict on it, and whether its transaction committed.
 * Fired once per delivery, once the outcome is known: when the transaction has completed, or at
 * once for a delivery already bound to roll back (a transaction marked for rollback takes no
 * synchronization, so the end of its transaction cannot be observed). Metrics and the log observe
 * it.
 */
public record DeliveryEnded(Delivery delivery, List<Verdict> verdicts, Ending ending) {

  public DeliveryEnded {
    verdicts = List.copyOf(verdicts);
  }

  /** How the delivery's transaction ended. */
  public enum Ending {
    /** Committed: the message is acknowledged, the verdicts' effects durable. */
    COMMITTED,
    /** Rolled back as the inbox decided (a race lost, a failure): the broker redelivers. */
    ROLLED_BACK,
    /**
     * The inbox decided to commit, and the commit failed (a handler's write rejected at flush, the
     * database gone at the last moment): the broker redelivers.
     */
    COMMIT_FAILED
  }
}
