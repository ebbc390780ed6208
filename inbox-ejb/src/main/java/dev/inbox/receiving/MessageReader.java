package dev.inbox.receiving;

import dev.inbox.dispatch.Admission;
import dev.inbox.dispatch.Delivery;
import dev.inbox.dispatch.Received;
import dev.inbox.quarantine.Forwarded;
import dev.inbox.quarantine.Quarantine;
import dev.inbox.spi.Envelope;
import dev.inbox.spi.QuarantineReason;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.Topic;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reads a JMS message into what the inbox received: how it came (the identity and type from the
 * configured properties, or from a CloudEvent's attributes, as {@code ce_} properties or in a
 * structured event's body: {@link StructuredCloudEvent}), the delivery count, the queue, whether an
 * operator redrove it), and whether consumers may see it ({@link Admission}): only then does it
 * become an {@link Envelope}, with the body and every property as sent.
 *
 * <p>The inbox's own {@code inbox_*} properties count only on a copy it quarantined itself, whose
 * seal verifies: there they give the identity and the producer's time the original had. On any
 * other message they are a producer's properties like any other. An {@link ObjectMessage}'s body is
 * never deserialised.
 */
@ApplicationScoped
public class MessageReader {

  private static final Logger LOG = Logger.getLogger(MessageReader.class.getName());

  /** The value of {@code inbox.message-id-property} that keys on the broker's own message id. */
  static final String JMS_MESSAGE_ID = "JMSMessageID";

  private final PropertyNames names;
  private final KeyScope keyScope;
  private final Quarantine quarantine;
  private final long maxBodyBytes;
  private final Set<String> deadLetterAddresses;

  @Inject
  MessageReader(
      Quarantine quarantine,
      IdentityProperties identity,
      @ConfigProperty(name = "inbox.max-body-bytes", defaultValue = "10485760") long maxBodyBytes,
      @ConfigProperty(
              name = "inbox.dead-letter-addresses",
              defaultValue = "jms.queue.InboxDLQ,InboxDLQ")
          Set<String> deadLetterAddresses) {
    if (maxBodyBytes < 1) {
      throw new IllegalArgumentException(
          "inbox.max-body-bytes is " + maxBodyBytes + ": it must be at least 1");
    }
    this.quarantine = quarantine;
    this.names = identity.names();
    this.keyScope = identity.keyScope();
    this.maxBodyBytes = maxBodyBytes;
    this.deadLetterAddresses = Set.copyOf(deadLetterAddresses);
  }

  /** For the CDI proxy. */
  protected MessageReader() {
    this.quarantine = null;
    this.names = null;
    this.keyScope = null;
    this.maxBodyBytes = 0;
    this.deadLetterAddresses = null;
  }

  /** Observing start-up creates this bean, so that a setting it cannot use fails the deployment. */
  void checkAtStartup(@Observes Startup startup) {
    LOG.info(
        () ->
            keyScope.properties().isEmpty()
                ? "Inbox keys: (consumer, message id)"
                : "Inbox keys: (consumer, "
                    + String.join(", ", keyScope.properties())
                    + ", message id)");
  }

  public Received read(Message message) {
    try {
      Map<String, Object> sent = properties(message);
      Optional<Forwarded> forwarded = quarantine.forwarded(sent);
      Contents contents = contents(message, sent, forwarded);
      Map<String, Object> properties = contents.properties();
      Body body = contents.body();
      // A quarantined copy carries the identity as the inbox keyed it, scope included.
      KeyScope.Scoped scoped =
          forwarded.isPresent()
              ? keyScope.ofCopy(forwarded.get().messageId(), properties)
              : keyScope.of(properties);
      Delivery delivery =
          new Delivery(
              forwarded
                  .map(Forwarded::messageId)
                  .orElseGet(() -> scopedIdentity(scoped, identity(message, properties))),
              names.type(properties),
              deliveryCount(message),
              forwarded.isPresent() ? forwarded.get().producedAt() : producerTime(message),
              destinationName(message.getJMSDestination()),
              Origin.of(forwarded, properties, deadLetterAddresses));
      Admission admission =
          body.refused() != null
              ? body.refused()
              : AdmissionCheck.of(
                  delivery,
                  new AdmissionCheck.Contents(
                      PropertyNames.text(properties, names.contractVersion()),
                      PropertyNames.text(properties, names.tenant()),
                      body.payload(),
                      properties),
                  names.cloudEventsSource(properties),
                  scoped);
      return new Received(message, delivery, admission);
    } catch (JMSException e) {
      throw new JMSRuntimeException("Could not read the delivered message", e.getErrorCode(), e);
    }
  }

  /** The properties and the body, with a structured CloudEvent's attributes and data taken out. */
  private record Contents(Map<String, Object> properties, Body body) {}

  private Contents contents(
      Message message, Map<String, Object> properties, Optional<Forwarded> forwarded)
      throws JMSException {
    Body body = Body.read(message, forwarded, maxBodyBytes);
    if (body.refused() != null || !StructuredCloudEvent.marks(properties)) {
      return new Contents(properties, body);
    }
    StructuredCloudEvent.Read event;
    try {
      event = StructuredCloudEvent.read(body.payload(), properties);
    } catch (Fingerprint.Unreadable e) {
      event = StructuredCloudEvent.Read.refused("the structured CloudEvent: " + e.getMessage());
    }
    return event.refused() == null
        ? new Contents(event.properties(), new Body(event.payload(), null))
        : new Contents(properties, Body.refused(QuarantineReason.UNREADABLE_BODY, event.refused()));
  }

  /** The id within its scope, or the id alone when it has none or cannot be scoped. */
  private static String scopedIdentity(KeyScope.Scoped scoped, String id) {
    return id == null || scoped.problem() != null ? id : scoped.prefix() + id;
  }

  private String identity(Message message, Map<String, Object> properties) {
    try {
      return JMS_MESSAGE_ID.equals(names.messageId())
          ? message.getJMSMessageID()
          : names.identity(properties);
    } catch (JMSException e) {
      throw new JMSRuntimeException("Could not read the message id", e.getErrorCode(), e);
    }
  }

  /**
   * The broker's delivery count; 1 when it sets none (Artemis always does; the JMS specification
   * leaves it optional).
   */
  private static int deliveryCount(Message message) throws JMSException {
    return message.getObjectProperty("JMSXDeliveryCount") instanceof Number count
        ? count.intValue()
        : 1;
  }

  private static Instant producerTime(Message message) throws JMSException {
    long timestamp = message.getJMSTimestamp();
    return timestamp == 0 ? null : Instant.ofEpochMilli(timestamp);
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
