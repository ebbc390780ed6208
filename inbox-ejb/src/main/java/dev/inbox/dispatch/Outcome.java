package dev.inbox.dispatch;

import dev.inbox.spi.QuarantineReason;
import java.util.logging.Level;

/** How one delivery ended for one consumer. */
public enum Outcome {
  /** New for this consumer: recorded, and the handler's effect applied in the same transaction. */
  APPLIED(false, Level.FINE),
  /**
   * New for a consumer in store-then-process mode: recorded, and stored with its body for the
   * workers, which apply it later. The delivery's commit acknowledges it.
   */
  STORED(false, Level.FINE),
  /** Already recorded with the same payload: acknowledged, the handler is not called. */
  DUPLICATE(false, Level.FINE),
  /** Another message already asked for the same business action: recorded as its duplicate. */
  SEMANTIC_DUPLICATE(false, Level.FINE),
  /**
   * Another message, under another id, brought the same payload to a consumer with a content window
   * within it: recorded as its duplicate, the handler is not called.
   */
  CONTENT_DUPLICATE(false, Level.FINE),
  /** Already recorded with a different payload: quarantined as {@code payload-mismatch}. */
  COLLISION(false, Level.WARNING),
  /**
   * No usable identity, no type, an unknown type, an unreadable body, or a contract version the
   * consumer does not declare: quarantined.
   */
  INVALID(false, Level.WARNING),
  /**
   * The handler rejected the message earlier, or failed on every attempt up to {@code
   * inbox.max-attempts}: quarantined for this consumer without calling the handler again.
   */
  QUARANTINED(false, Level.WARNING),
  /** An unknown type, acknowledged because {@code inbox.unknown-type-policy} is {@code ignore}. */
  IGNORED(false, Level.FINE),
  /**
   * Another delivery of the same key committed first (a unique-constraint race). Rolled back before
   * any business work; the redelivery ends as a duplicate. Expected, never an error.
   */
  CONFLICT(true, Level.FINE),
  /**
   * The handler threw, or the database failed. Rolled back, so the broker redelivers the message;
   * the failure ledger counts the attempt.
   */
  FAILED(true, Level.WARNING);

  private final boolean rollsBack;
  private final Level level;

  Outcome(boolean rollsBack, Level level) {
    this.rollsBack = rollsBack;
    this.level = level;
  }

  /** Whether the delivery's transaction must roll back, leaving the message to be redelivered. */
  public boolean rollsBack() {
    return rollsBack;
  }

  /** The level at which this outcome is logged. */
  Level level() {
    return level;
  }

  /**
   * The outcome of a quarantine for this reason: a collision for a payload mismatch; invalid for a
   * message no consumer can take, or a contract version its consumer does not declare; quarantined
   * for a consumer's handler given up on, or a late delivery.
   */
  static Outcome of(QuarantineReason reason) {
    if (reason == QuarantineReason.PAYLOAD_MISMATCH) {
      return COLLISION;
    }
    return reason.concernsOneConsumer() && reason != QuarantineReason.UNSUPPORTED_CONTRACT_VERSION
        ? QUARANTINED
        : INVALID;
  }
}
