package dev.inbox.dispatch;

import dev.inbox.quarantine.Quarantine;
import dev.inbox.spi.Envelope;
import java.util.Set;

/**
 * Recognises a message that an operator moved back to the inbox queue. A message from quarantine
 * carries the reason the inbox gave it; a message from a dead-letter queue carries the address it
 * was moved from ({@code _AMQ_ORIG_ADDRESS}, which ActiveMQ Artemis sets when it moves a message),
 * one of {@code inbox.dead-letter-addresses}. A producer's own message carries neither, and one
 * that a divert routed here names another address.
 */
final class Redrive {

  /** The property ActiveMQ Artemis sets on a message it moves to another address. */
  static final String ARTEMIS_ORIGINAL_ADDRESS = "_AMQ_ORIG_ADDRESS";

  private Redrive() {}

  static boolean isRedriven(Envelope envelope, Set<String> deadLetterAddresses) {
    return envelope.properties().containsKey(Quarantine.REASON)
        || deadLetterAddresses.contains(
            String.valueOf(envelope.properties().get(ARTEMIS_ORIGINAL_ADDRESS)));
  }
}
