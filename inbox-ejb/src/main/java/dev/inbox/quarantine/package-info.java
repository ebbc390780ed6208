/**
 * Quarantine: where messages go that must not be applied and must not be lost. A quarantined
 * message is forwarded, body and properties unchanged, to the quarantine queue in the delivery's
 * transaction, with properties that say why, for which consumer and from which queue, under a seal
 * that tells the inbox's own copies from a producer's look-alikes when they are redriven. The
 * original is then acknowledged. Nothing quarantined is ever recorded as processed.
 */
package dev.inbox.quarantine;
