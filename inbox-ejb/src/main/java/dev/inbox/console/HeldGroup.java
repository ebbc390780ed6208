package dev.inbox.console;

import java.time.Instant;

/**
 * Messages set aside for one cause: the same reason, for the same consumer, after the same
 * exception thrown at the same place.
 *
 * @param reason the reason code, or null in the dead-letter queue
 * @param consumer the consumer, or null for the message as a whole
 * @param errorType the class of the exception the handler last threw, or null when no handler's
 *     failure set them aside
 * @param errorFrame the frame it was thrown at, or null
 * @param count how many
 * @param firstSeen the earliest of them set aside
 * @param lastSeen the latest
 * @param guidance what the reason means and what to do
 */
public record HeldGroup(
    String reason,
    String consumer,
    String errorType,
    String errorFrame,
    long count,
    Instant firstSeen,
    Instant lastSeen,
    Guidance guidance) {}
