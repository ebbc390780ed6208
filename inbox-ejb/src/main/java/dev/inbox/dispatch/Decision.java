package dev.inbox.dispatch;

import dev.inbox.spi.QuarantineReason;
import dev.inbox.store.ErrorCause;
import java.time.Instant;

/**
 * What the inbox will do with a message, for the message as a whole or for one of its consumers,
 * decided before anything is done ({@link Decide}); {@link Effects} carries it out. Every way a
 * delivery can go is one of these cases.
 */
sealed interface Decision {

  /**
   * New for the consumer: record it and run the handler; late when applied despite its age. The
   * first receipt is when the consumer first failed on it, or null when this is its first try.
   */
  record Apply(String businessKey, boolean late, Instant firstReceipt) implements Decision {

    Apply(String businessKey, boolean late) {
      this(businessKey, late, null);
    }
  }

  /**
   * New for a consumer in store-then-process mode: record it, and store it with its body for the
   * workers, which run the handler later; late when stored despite its age. The first receipt is as
   * for {@link Apply}.
   */
  record Store(String businessKey, boolean late, Instant firstReceipt) implements Decision {}

  /**
   * Applied before for the consumer with the same payload, under an earlier processing version:
   * apply it again under the consumer's version, if no other delivery does it first.
   */
  record Reprocess(Recorded earlier, int version) implements Decision {}

  /** Recorded before for the consumer with the same payload: nothing to do. */
  record Duplicate(Recorded first) implements Decision {}

  /**
   * Another message came first with the same business action ({@link Outcome#SEMANTIC_DUPLICATE})
   * or, within the consumer's content window, the same payload ({@link Outcome#CONTENT_DUPLICATE}):
   * record this one as its duplicate, received when the consumer first failed on it, or null when
   * this is its first try.
   */
  record DuplicateOf(Recorded first, Instant firstReceipt, Outcome outcome) implements Decision {}

  /**
   * Forward it to the quarantine, for the consumer or the message as a whole; never recorded. The
   * cause is the handler's last failure's, when failures gave it up, and null otherwise.
   */
  record Quarantine(QuarantineReason reason, String detail, ErrorCause cause) implements Decision {

    Quarantine(QuarantineReason reason, String detail) {
      this(reason, detail, null);
    }
  }

  /** The handler's failure, before it ran: counted in the ledger, rolled back, redelivered. */
  record Fail(Throwable error, String what) implements Decision {}

  /** A type no consumer handles, acknowledged by policy ({@code inbox.unknown-type-policy}). */
  record Ignore() implements Decision {}
}
