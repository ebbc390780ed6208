/**
 * Dispatch: what happens to one admitted delivery. For each consumer subscribed to the message's
 * type, in consumer-name order, the dispatcher decides whether the message is new, a duplicate, a
 * semantic duplicate, a collision or late, gives up on a message that failed as often as allowed,
 * records it and runs the handler. Every delivery ends in named {@link
 * dev.inbox.dispatch.Outcome}s, which drive the transaction, the log and the metrics.
 */
package dev.inbox.dispatch;
