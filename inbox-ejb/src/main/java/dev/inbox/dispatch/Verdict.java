package dev.inbox.dispatch;

/**
 * The outcome of one delivery for one consumer.
 *
 * @param consumer the consumer name, or null when the message was invalid before any consumer
 * @param outcome how it ended
 * @param detail why, for outcomes that need a reason (a quarantine reason, a collision), or null
 * @param error what the handler threw, for {@link Outcome#FAILED}, or null
 */
public record Verdict(String consumer, Outcome outcome, String detail, Throwable error) {

  static Verdict of(String consumer, Outcome outcome) {
    return new Verdict(consumer, outcome, null, null);
  }
}
