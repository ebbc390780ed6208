package dev.inbox.dispatch;

import dev.inbox.store.ErrorCause;
import dev.inbox.store.FailureKind;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * What a decision for one consumer may need to know beyond the message, each read only when the
 * decision gets there: the store's rows, the failure ledger, the handler's business key.
 */
interface Facts {

  /** The row recorded for this consumer and message, if it was recorded. */
  Optional<Recorded> recorded();

  /** Whether the message is older than what retention has deleted for the consumer. */
  boolean late();

  /**
   * Whether an operator's request to reprocess the message is open for the consumer: not retired by
   * retention (which retires it with the row of the message's next application) and newer than the
   * consumer's watermark (an older one expired unused).
   */
  boolean reprocessRequested();

  /** The failure ledger's entry for this consumer and message, if the handler failed on it. */
  Optional<Failures> failures();

  /** The business key the handler declares for the message (its own code: it may throw). */
  Optional<String> businessKey();

  /** The row recorded for this consumer under a business key, if another message holds it. */
  Optional<Recorded> firstWithBusinessKey(String businessKey);

  /**
   * The row of the message that brought this payload to the consumer as new within the window,
   * under another id; empty when none did.
   */
  Optional<Recorded> firstWithContent(String fingerprint, Duration window);

  /** How often the handler failed on a message, how, with what last and where, and since when. */
  record Failures(
      FailureKind kind, int attempts, String lastError, ErrorCause cause, Instant firstSeen) {}
}
