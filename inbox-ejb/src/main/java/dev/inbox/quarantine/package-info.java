/**
 * Quarantine: where messages go that must not be applied and must not be lost. A quarantined
 * message is forwarded, body and properties unchanged, to the quarantine queue in the delivery's
 * transaction, with properties that say why, for which consumer and from which queue. The original
 * is then acknowledged. Nothing quarantined is ever recorded as processed.
 */
package dev.inbox.quarantine;
