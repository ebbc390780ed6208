package dev.inbox.console;

import java.time.Instant;

/**
 * Messages set aside for one cause: the same reason, for the same consumer, with the same kind of
 * error.
 *
 * @param reason the reason code, or null in the dead-letter queue
 * @param consumer the consumer, or null for the message as a whole
 * @param error the type of the error the inbox recorded (the exception's class name, when the error
 *     names one), or null
 * @param count how many
 * @param firstSeen the earliest of them set aside
 * @param lastSeen the latest
 * @param guidance what the reason means and what to do
 */
public record HeldGroup(
    String reason,
    String consumer,
    String error,
    long count,
    Instant firstSeen,
    Instant lastSeen,
    Guidance guidance) {}
