package dev.inbox.dispatch;

import dev.inbox.spi.InboxHandler;

/** A handler, under the consumer name it declared. */
record Subscription(String consumer, InboxHandler handler) {}
