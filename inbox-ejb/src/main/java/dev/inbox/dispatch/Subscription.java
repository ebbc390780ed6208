package dev.inbox.dispatch;

import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxHandler;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * A handler, under the consumer name it declared, with the message types it takes, the contract
 * versions it accepts, and the parts of a body that make two messages the same for it.
 *
 * @param versions the accepted contract versions; empty accepts every message
 * @param fingerprint the parts of a JSON body its fingerprint covers
 * @param processingVersion the version of its processing: rows an earlier one wrote are applied
 *     again when a copy of their message arrives
 * @param mode when its handler runs: in the delivery, or later from the inbox's table
 * @param contentWindow within which a payload it saw as new makes another message with it a
 *     duplicate, even under another id; null when only ids are compared
 */
record Subscription(
    String consumer,
    Set<String> types,
    Set<String> versions,
    FingerprintScope fingerprint,
    int processingVersion,
    InboxConsumer.Mode mode,
    Duration contentWindow,
    InboxHandler handler) {

  Subscription {
    types = Set.copyOf(types);
    versions = Set.copyOf(versions);
    Objects.requireNonNull(fingerprint, "fingerprint");
    Objects.requireNonNull(mode, "mode");
  }

  /** A consumer of processing version 1 whose fingerprint covers the whole body. */
  Subscription(String consumer, Set<String> types, Set<String> versions, InboxHandler handler) {
    this(
        consumer,
        types,
        versions,
        FingerprintScope.WHOLE_BODY,
        1,
        InboxConsumer.Mode.DIRECT,
        null,
        handler);
  }

  /** Whether the delivery stores the message for the workers instead of running the handler. */
  boolean storesFirst() {
    return mode == InboxConsumer.Mode.STORE_THEN_PROCESS;
  }

  /** Whether this consumer takes a message of the contract version (null when it has none). */
  boolean accepts(String contractVersion) {
    return versions.isEmpty() || (contractVersion != null && versions.contains(contractVersion));
  }
}
