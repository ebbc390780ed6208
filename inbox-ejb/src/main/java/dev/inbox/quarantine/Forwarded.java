package dev.inbox.quarantine;

import dev.inbox.spi.QuarantineProperties;
import dev.inbox.spi.QuarantineReason;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * What the inbox wrote on a copy it quarantined, as a redrive brings it back: the identity it read
 * from the original, why, for which consumer, when the producer sent it, where from, and whether
 * the body was kept. These properties are trusted only when the copy's seal verifies: any producer
 * could set them.
 *
 * @param messageId the identity the inbox read, or null when the message had none
 * @param reason why it was quarantined
 * @param consumer the consumer that quarantined it, or null for the message as a whole
 * @param producedAt when the producer sent it, or null when it did not say
 * @param destination the queue it was received from
 * @param bodyKept whether the copy carries the original body
 */
public record Forwarded(
    String messageId,
    QuarantineReason reason,
    String consumer,
    Instant producedAt,
    String destination,
    boolean bodyKept) {

  /**
   * The inbox's properties of a message, when they have the types the inbox writes; empty otherwise
   * (they were not written by the inbox, whatever they claim).
   */
  static Optional<Forwarded> read(Map<String, Object> properties) {
    Optional<QuarantineReason> reason =
        QuarantineReason.ofCode(text(properties, QuarantineProperties.REASON));
    Object producedAt = properties.get(QuarantineProperties.PRODUCED_AT);
    Object bodyKept = properties.get(QuarantineProperties.BODY_KEPT);
    Object destination = properties.get(QuarantineProperties.ORIGINAL_DESTINATION);
    if (reason.isEmpty()
        || !(destination instanceof String)
        || !(bodyKept instanceof Boolean)
        || (producedAt != null && !(producedAt instanceof Long))
        || !optionalText(properties, QuarantineProperties.MESSAGE_ID)
        || !optionalText(properties, QuarantineProperties.CONSUMER)) {
      return Optional.empty();
    }
    return Optional.of(
        new Forwarded(
            text(properties, QuarantineProperties.MESSAGE_ID),
            reason.get(),
            text(properties, QuarantineProperties.CONSUMER),
            producedAt == null ? null : Instant.ofEpochMilli((Long) producedAt),
            (String) destination,
            (Boolean) bodyKept));
  }

  /** The fields, in the order the seal covers them. */
  String[] sealed() {
    return new String[] {
      messageId == null ? "" : messageId,
      reason.code(),
      consumer == null ? "" : consumer,
      producedAt == null ? "" : Long.toString(producedAt.toEpochMilli()),
      destination,
      Boolean.toString(bodyKept)
    };
  }

  private static String text(Map<String, Object> properties, String name) {
    return properties.get(name) instanceof String text ? text : null;
  }

  private static boolean optionalText(Map<String, Object> properties, String name) {
    Object value = properties.get(name);
    return value == null || value instanceof String;
  }
}
