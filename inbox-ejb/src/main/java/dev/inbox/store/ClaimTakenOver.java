package dev.inbox.store;

/**
 * A worker claimed a store-then-process message whose earlier claim's lease had run out: the node
 * that held it died or stopped, or its handler ran past the lease. Fired in the claim's
 * transaction, observed after its commit.
 *
 * @param previousOwner the node whose claim it was
 */
public record ClaimTakenOver(String consumer, String messageId, String previousOwner) {}
