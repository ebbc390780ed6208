package dev.inbox.dispatch;

import dev.inbox.spi.QuarantineReason;
import dev.inbox.store.FailureKind;
import java.time.Duration;

/**
 * How one delivery ended for one consumer, or for the message as a whole: each component means one
 * thing.
 *
 * @param consumer the consumer name, or null when the message ended before any consumer
 * @param outcome how it ended
 * @param reason why it was quarantined, or null when it was not
 * @param failure what kind of failure the handler (or the database) had, for {@link
 *     Outcome#FAILED}, or null
 * @param late whether it was applied although older than the consumer's retention watermark ({@code
 *     inbox.late-delivery-policy=process})
 * @param detail a sentence on why, for the log, or null
 * @param error what the handler (or the database) threw, for {@link Outcome#FAILED}, or null
 * @param handlerTime how long the handler ran, or null when it was not called
 * @param uncertainEffects how many external effects the handler reported as uncertain
 * @param first the row a duplicate or a semantic duplicate repeats, or the earlier processing a
 *     message applied again under a newer processing version replaces; null otherwise
 */
public record Verdict(
    String consumer,
    Outcome outcome,
    QuarantineReason reason,
    FailureKind failure,
    boolean late,
    String detail,
    Throwable error,
    Duration handlerTime,
    int uncertainEffects,
    Recorded first) {

  static Verdict of(String consumer, Outcome outcome) {
    return of(consumer, outcome, null);
  }

  static Verdict of(String consumer, Outcome outcome, String detail) {
    return new Verdict(consumer, outcome, null, null, false, detail, null, null, 0, null);
  }

  static Verdict duplicate(String consumer, Outcome outcome, Recorded first, String detail) {
    return new Verdict(consumer, outcome, null, null, false, detail, null, null, 0, first);
  }

  static Verdict reprocessed(String consumer, Recorded earlier, String detail) {
    return new Verdict(
        consumer, Outcome.APPLIED, null, null, false, detail, null, null, 0, earlier);
  }

  static Verdict late(String consumer, String detail) {
    return new Verdict(consumer, Outcome.APPLIED, null, null, true, detail, null, null, 0, null);
  }

  static Verdict quarantined(String consumer, QuarantineReason reason, String detail) {
    return new Verdict(
        consumer, Outcome.of(reason), reason, null, false, detail, null, null, 0, null);
  }

  static Verdict failed(String consumer, FailureKind kind, String detail, Throwable error) {
    return new Verdict(consumer, Outcome.FAILED, null, kind, false, detail, error, null, 0, null);
  }

  /** Whether it applied again a message an earlier processing version of the consumer applied. */
  public boolean reapplied() {
    return outcome == Outcome.APPLIED && first != null;
  }

  /**
   * The same verdict, for a handler that ran this long and reported this many uncertain effects.
   */
  Verdict ran(Duration time, int uncertain) {
    return new Verdict(
        consumer, outcome, reason, failure, late, detail, error, time, uncertain, first);
  }
}
