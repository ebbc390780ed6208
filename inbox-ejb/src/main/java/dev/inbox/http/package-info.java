/**
 * Idempotent HTTP commands: a resource method marked {@link dev.inbox.spi.Idempotent} runs once per
 * client key, and a repeat gets the stored response. The rows are {@code inbox_idempotency}'s
 * ({@link dev.inbox.store.IdempotentRequests}); retention deletes them when they expire.
 */
package dev.inbox.http;
