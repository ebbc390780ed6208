package dev.inbox.receiving;

import dev.inbox.dispatch.Redrive;
import dev.inbox.quarantine.Forwarded;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Tells a redriven message from a producer's. A copy the inbox quarantined carries the inbox's seal
 * ({@link Forwarded}); a message from a dead-letter queue carries the address it was moved from
 * ({@code _AMQ_ORIG_ADDRESS}, which ActiveMQ Artemis sets when it moves a message), one of {@code
 * inbox.dead-letter-addresses}. A producer's own message carries neither, and one that a divert
 * routed here names another address.
 */
final class Origin {

  /** The property ActiveMQ Artemis sets on a message it moves to another address. */
  static final String ARTEMIS_ORIGINAL_ADDRESS = "_AMQ_ORIG_ADDRESS";

  private Origin() {}

  static Redrive of(
      Optional<Forwarded> forwarded,
      Map<String, Object> properties,
      Set<String> deadLetterAddresses) {
    if (forwarded.isPresent()) {
      return Redrive.FROM_QUARANTINE;
    }
    // The address may come fully qualified with its queue ("InboxDLQ::InboxDLQ").
    String from = String.valueOf(properties.get(ARTEMIS_ORIGINAL_ADDRESS)).split("::", 2)[0];
    return deadLetterAddresses.contains(from) ? Redrive.FROM_DEAD_LETTERS : Redrive.NONE;
  }
}
