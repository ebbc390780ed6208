package dev.inbox.receiving;

import dev.inbox.quarantine.Quarantine;
import dev.inbox.spi.Envelope;
import dev.inbox.spi.Payload;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.BytesMessage;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reads a JMS message into an {@link Envelope}: the identity and type from the configured
 * properties (or the CloudEvents JMS binding), the body, and every property as sent.
 */
@ApplicationScoped
public class EnvelopeReader {

  /** The value of {@code inbox.message-id-property} that keys on the broker's own message id. */
  static final String JMS_MESSAGE_ID = "JMSMessageID";

  private final PropertyNames names;

  @Inject
  EnvelopeReader(
      @ConfigProperty(name = "inbox.message-id-property", defaultValue = "messageId")
          String messageIdProperty,
      @ConfigProperty(name = "inbox.type-property", defaultValue = "messageType")
          String typeProperty,
      @ConfigProperty(name = "inbox.contract-version-property", defaultValue = "contractVersion")
          String contractVersionProperty,
      @ConfigProperty(name = "inbox.tenant-property", defaultValue = "tenantId")
          String tenantProperty) {
    this.names =
        new PropertyNames(messageIdProperty, typeProperty, contractVersionProperty, tenantProperty);
  }

  /** For the CDI proxy. */
  protected EnvelopeReader() {
    this.names = null;
  }

  public Envelope read(Message message) {
    try {
      Map<String, Object> properties = properties(message);
      String messageId =
          JMS_MESSAGE_ID.equals(names.messageId())
              ? message.getJMSMessageID()
              : names.identity(properties);
      long timestamp =
          message.propertyExists(Quarantine.PRODUCED_AT)
              ? message.getLongProperty(Quarantine.PRODUCED_AT)
              : message.getJMSTimestamp();
      return new Envelope(
          messageId,
          names.type(properties),
          PropertyNames.text(properties, names.contractVersion()),
          PropertyNames.text(properties, names.tenant()),
          payload(message),
          properties,
          message.getIntProperty("JMSXDeliveryCount"),
          timestamp == 0 ? null : Instant.ofEpochMilli(timestamp),
          destinationName(message.getJMSDestination()));
    } catch (JMSException e) {
      throw new JMSRuntimeException("Could not read the delivered message", e.getErrorCode(), e);
    }
  }

  private static Map<String, Object> properties(Message message) throws JMSException {
    Map<String, Object> properties = new LinkedHashMap<>();
    for (Object name : Collections.list(message.getPropertyNames())) {
      String key = (String) name;
      Object value = message.getObjectProperty(key);
      if (value != null) {
        properties.put(key, value);
      }
    }
    return properties;
  }

  /** The body of a text or bytes message; null for any other body type, which is quarantined. */
  private static Payload payload(Message message) throws JMSException {
    if (message instanceof TextMessage text) {
      return Payload.ofText(text.getText() == null ? "" : text.getText());
    }
    if (message instanceof BytesMessage bytes) {
      return Payload.ofBytes(bytes.getBody(byte[].class));
    }
    return null;
  }

  private static String destinationName(Destination destination) throws JMSException {
    if (destination instanceof Queue queue) {
      return queue.getQueueName();
    }
    if (destination instanceof Topic topic) {
      return topic.getTopicName();
    }
    return String.valueOf(destination);
  }
}
