/**
 * Receiving: the message-driven bean that takes each JMS message from the inbox queue under a
 * container-managed transaction, and the reader that turns it into an {@link
 * dev.inbox.spi.Envelope} and admits it or not: an identity and a type the inbox can store as they
 * are, a body it can read and fingerprint. Everything about JMS headers, properties and body types
 * stays here, so that the rest of the module sees only envelopes and their admission.
 */
package dev.inbox.receiving;
