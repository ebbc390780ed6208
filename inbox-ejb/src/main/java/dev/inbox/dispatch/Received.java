package dev.inbox.dispatch;

import dev.inbox.spi.Envelope;
import jakarta.jms.Message;

/**
 * A message as the broker delivered it and the inbox read it.
 *
 * @param envelope the message as consumers see it; its payload is null when the body was refused
 * @param message the JMS message itself, forwarded as it is when it must be quarantined
 * @param redrive whether an operator moved it back, and from where
 * @param admission whether consumers may see it, with its fingerprint, or why not
 */
public record Received(Envelope envelope, Message message, Redrive redrive, Admission admission) {}
