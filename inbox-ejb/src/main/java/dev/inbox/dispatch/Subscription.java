package dev.inbox.dispatch;

import dev.inbox.spi.InboxHandler;
import java.util.Set;

/**
 * A handler, under the consumer name it declared, with the message types it takes and the contract
 * versions it accepts.
 *
 * @param versions the accepted contract versions; empty accepts every message
 */
record Subscription(
    String consumer, Set<String> types, Set<String> versions, InboxHandler handler) {

  Subscription {
    types = Set.copyOf(types);
    versions = Set.copyOf(versions);
  }

  /** Whether this consumer takes a message of the contract version (null when it has none). */
  boolean accepts(String contractVersion) {
    return versions.isEmpty() || (contractVersion != null && versions.contains(contractVersion));
  }
}
