package dev.inbox.console;

import dev.inbox.receiving.IdentityProperties;
import dev.inbox.spi.QuarantineProperties;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
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
    String origin) {

  /** The broker's property naming where a dead letter came from. */
  private static final String ORIGINAL_ADDRESS = "_AMQ_ORIG_ADDRESS";

  /**
   * What a list shows of a held copy.
   *
   * @param identity the properties the inbox reads a message's identity and type from
   */
  static HeldMessage of(HeldQueue held, Message message, IdentityProperties identity) {
    try {
      String messageId = property(message, QuarantineProperties.MESSAGE_ID);
      if (messageId == null) {
        messageId =
            "JMSMessageID".equals(identity.messageId())
                ? message.getJMSMessageID()
                : property(message, identity.messageId());
      }
      String type = property(message, identity.type());
      Object producedAt = message.getObjectProperty(QuarantineProperties.PRODUCED_AT);
      Object deliveries =
          held == HeldQueue.QUARANTINE
              ? message.getObjectProperty(QuarantineProperties.DELIVERY_COUNT)
              : message.getObjectProperty("JMSXDeliveryCount");
      return new HeldMessage(
          message.getJMSMessageID(),
          messageId,
          type != null ? type : property(message, "ce_type"),
          property(message, QuarantineProperties.REASON),
          property(message, QuarantineProperties.CONSUMER),
          property(message, QuarantineProperties.ERROR),
          property(message, QuarantineProperties.ERROR_TYPE),
          property(message, QuarantineProperties.ERROR_FRAME),
          message.getJMSTimestamp() == 0 ? null : Instant.ofEpochMilli(message.getJMSTimestamp()),
          producedAt instanceof Long millis
              ? Instant.ofEpochMilli(millis)
              : held == HeldQueue.DEAD_LETTERS && message.getJMSTimestamp() != 0
                  ? Instant.ofEpochMilli(message.getJMSTimestamp())
                  : null,
          deliveries instanceof Number number ? number.intValue() : 0,
          held == HeldQueue.QUARANTINE
              ? property(message, QuarantineProperties.ORIGINAL_DESTINATION)
              : property(message, ORIGINAL_ADDRESS));
    } catch (JMSException e) {
      throw new JMSRuntimeException("Could not read a held message", e.getErrorCode(), e);
    }
  }

  /** A property of a message as text, or null when it has none. */
  static String property(Message message, String name) throws JMSException {
    Object value = message.getObjectProperty(name);
    return value == null ? null : value.toString();
  }
}
