package dev.inbox.dispatch;

import java.time.Duration;

/**
 * The outcome of one delivery for one consumer.
 *
 * @param consumer the consumer name, or null when the message was invalid before any consumer
 * @param outcome how it ended
 * @param reason the quarantine reason code, or the failure kind of a failed attempt, or null
 * @param detail a sentence on why, for the log, or null
 * @param error what the handler (or the database) threw, for {@link Outcome#FAILED}, or null
 * @param handlerTime how long the handler ran, or null when it was not called
 * @param uncertainEffects how many external effects the handler reported as uncertain
 */
public record Verdict(
    String consumer,
    Outcome outcome,
    String reason,
    String detail,
    Throwable error,
    Duration handlerTime,
    int uncertainEffects) {

  static Verdict of(String consumer, Outcome outcome) {
    return new Verdict(consumer, outcome, null, null, null, null, 0);
  }

  static Verdict of(String consumer, Outcome outcome, String reason, String detail) {
    return new Verdict(consumer, outcome, reason, detail, null, null, 0);
  }
}
