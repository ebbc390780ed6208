package dev.inbox.console;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

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
    Guidance guidance) {

  /**
   * The group of messages set aside for one cause.
   *
   * @param members the messages, at least one, all of the same cause
   */
  static HeldGroup of(List<HeldMessage> members, Guidance guidance) {
    HeldMessage first = members.get(0);
    return new HeldGroup(
        first.reason(),
        first.consumer(),
        first.errorType(),
        first.errorFrame(),
        members.size(),
        // A message sent without a timestamp has none to compare.
        members.stream()
            .map(HeldMessage::enqueuedAt)
            .filter(Objects::nonNull)
            .min(Comparator.naturalOrder())
            .orElse(null),
        members.stream()
            .map(HeldMessage::enqueuedAt)
            .filter(Objects::nonNull)
            .max(Comparator.naturalOrder())
            .orElse(null),
        guidance);
  }
}
