/**
 * Retention: the inbox protects only as long as it remembers. A sweeper deletes each consumer's
 * rows once they are older than its retention, in small batches that yield to intake, and keeps a
 * watermark of what it deleted, so that a message older than that with no row is recognised as a
 * possible late redelivery of a purged key. At start-up, a retention shorter than the broker's
 * redelivery horizon plus the redrive window refuses the deployment.
 */
package dev.inbox.retention;
