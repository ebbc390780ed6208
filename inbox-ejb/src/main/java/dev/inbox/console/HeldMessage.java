package dev.inbox.console;

import java.time.Instant;

/**
 * One message in the quarantine or the dead-letter queue, as a list shows it: no body, no producer
 * properties.
 *
 * @param entry the broker's id of this copy ({@code JMSMessageID}), which names it in the console
 * @param messageId the identity the inbox keys it on, or null when it has none
 * @param type the message's type, or null
 * @param reason why the inbox quarantined it (a code of {@code QuarantineReason}); null in the
 *     dead-letter queue
 * @param consumer the consumer it was quarantined for, or null for the message as a whole
 * @param error what went wrong, as the inbox wrote it, or null
 * @param errorType the class of the exception the consumer's handler last threw, when its failures
 *     quarantined the message, or null
 * @param errorFrame the frame that exception was thrown at, or null
 * @param enqueuedAt when the copy was sent: for the quarantine, when it was quarantined; for the
 *     dead-letter queue, when the producer sent it
 * @param producedAt when the producer sent it, or null
 * @param deliveryCount how often the broker had delivered it when it was set aside
 * @param origin the queue it came from
 */
public record HeldMessage(
    String entry,
    String messageId,
    String type,
    String reason,
    String consumer,
    String error,
    String errorType,
    String errorFrame,
    Instant enqueuedAt,
    Instant producedAt,
    int deliveryCount,
    String origin) {}
