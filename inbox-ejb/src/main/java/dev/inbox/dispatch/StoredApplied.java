package dev.inbox.dispatch;

import java.time.LocalDateTime;

/**
 * A worker applied a store-then-process message: fired in the processing's transaction, observed
 * after its commit.
 *
 * @param takenIn when the intake stored the message (UTC)
 */
public record StoredApplied(String consumer, LocalDateTime takenIn) {}
