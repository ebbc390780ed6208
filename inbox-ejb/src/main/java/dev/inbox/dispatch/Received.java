package dev.inbox.dispatch;

import jakarta.jms.Message;

/**
 * One message as the broker delivered it and the inbox read it, before anything is decided. It
 * carries the JMS message, which a quarantine forwards as it is; JMS goes no further than this.
 *
 * @param message the JMS message
 * @param delivery how it came
 * @param admission whether its consumers may see it, as an envelope with its fingerprint, or why
 *     not
 */
public record Received(Message message, Delivery delivery, Admission admission) {}
