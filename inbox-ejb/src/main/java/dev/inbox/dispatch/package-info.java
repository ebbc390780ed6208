/**
 * Dispatch: what happens to one delivery. The dispatcher validates the envelope, fingerprints the
 * payload and, for each consumer subscribed to the message's type, decides whether the message is
 * new, a duplicate, a semantic duplicate or a collision, records it and runs the handler. Every
 * delivery ends in named {@link dev.inbox.dispatch.Outcome}s, which drive the transaction, the log
 * and the metrics.
 */
package dev.inbox.dispatch;
