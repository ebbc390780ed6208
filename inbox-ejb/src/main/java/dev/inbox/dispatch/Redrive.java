package dev.inbox.dispatch;

import dev.inbox.quarantine.Quarantine;
import dev.inbox.spi.Envelope;

/**
 * Recognises a message that an operator moved back to the inbox queue. A message from quarantine
 * carries the reason the inbox gave it; a message from a dead-letter queue carries the address the
 * broker took it from ({@code _AMQ_ORIG_ADDRESS}, which ActiveMQ Artemis sets when it dead-letters
 * or moves a message). A producer's own message carries neither.
 */
final class Redrive {

  /** The property ActiveMQ Artemis sets on a message it moves to another address. */
  static final String ARTEMIS_ORIGINAL_ADDRESS = "_AMQ_ORIG_ADDRESS";

  private Redrive() {}

  static boolean isRedriven(Envelope envelope) {
    return envelope.properties().containsKey(Quarantine.REASON)
        || envelope.properties().containsKey(ARTEMIS_ORIGINAL_ADDRESS);
  }
}
