package dev.inbox.quarantine;

import dev.inbox.settings.Durations;
import dev.inbox.spi.Envelope;
import dev.inbox.spi.QuarantineProperties;
import dev.inbox.spi.QuarantineReason;
import dev.inbox.store.ErrorCause;
import dev.inbox.store.FailureEntry;
import dev.inbox.store.Secrets;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.BytesMessage;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSProducer;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Forwards a message to the quarantine queue in the caller's transaction: if the transaction rolls
 * back, the message is neither quarantined nor acknowledged, and the broker redelivers it. The copy
 * carries the inbox's own properties (why, for which consumer, from where, the identity it read)
 * under a seal, so that a redrive is recognised and a producer's look-alike properties are not.
 */
@ApplicationScoped
public class Quarantine {

  private static final Logger LOG = Logger.getLogger(Quarantine.class.getName());

  private final ConnectionFactory connections;
  private final Secrets secrets;
  private final String queueName;
  private final boolean keepBody;
  private final Duration timeToLive;
  private Queue queue;

  @Inject
  Quarantine(
      ConnectionFactory connections,
      Secrets secrets,
      @ConfigProperty(
              name = "inbox.quarantine-queue",
              defaultValue = "java:/jms/queue/inboxQuarantine")
          String queueName,
      @ConfigProperty(name = "inbox.quarantine.keep-body", defaultValue = "true") boolean keepBody,
      @ConfigProperty(name = "inbox.quarantine.time-to-live") Optional<String> timeToLive) {
    this.connections = connections;
    this.secrets = secrets;
    this.queueName = queueName;
    this.keepBody = keepBody;
    this.timeToLive = timeToLive.map(Quarantine::positiveDuration).orElse(null);
  }

  /** For the CDI proxy. */
  protected Quarantine() {
    this.connections = null;
    this.secrets = null;
    this.queueName = null;
    this.keepBody = true;
    this.timeToLive = null;
  }

  @PostConstruct
  void lookUpQueue() {
    try {
      queue = InitialContext.doLookup(queueName);
    } catch (NamingException e) {
      throw new IllegalStateException(
          "Quarantine queue '%s' (inbox.quarantine-queue) is not bound: run the server-config"
                  .formatted(queueName)
              + " script that creates it, or point inbox.quarantine-queue at the right JNDI name",
          e);
    }
  }

  /**
   * What the inbox writes on a quarantined copy, beside the producer's properties.
   *
   * @param messageId the identity the inbox read, or null when it read none
   * @param reason why
   * @param consumer the consumer that quarantined it, or null for the message as a whole
   * @param error a sentence for the operator
   * @param destination the queue it was received from, where a redrive sends it back
   * @param deliveryCount the broker's delivery count
   * @param producedAt when the producer sent it, or null
   * @param cause where the handler's last failure came from, or null when no failure quarantined it
   * @param fingerprint the body's fingerprint, or null when the inbox did not read the body
   */
  public record Entry(
      String messageId,
      QuarantineReason reason,
      String consumer,
      String error,
      String destination,
      int deliveryCount,
      Instant producedAt,
      ErrorCause cause,
      String fingerprint) {}

  /**
   * Sends the message, with its body (unless {@code inbox.quarantine.keep-body=false}) and every
   * property it came with, to the quarantine queue, adding the entry's properties, sealed.
   */
  public void send(Message original, Entry entry) {
    try (JMSContext jms = connections.createContext()) {
      forward(jms, original, entry);
    }
  }

  private void forward(JMSContext jms, Message original, Entry entry) {
    try {
      Message copy = keepBody ? original : withoutBody(jms, original);
      Map<String, Object> properties = ProducerProperties.of(original);
      // A received message's properties are read-only until cleared.
      copy.clearProperties();
      for (Map.Entry<String, Object> property : properties.entrySet()) {
        copy.setObjectProperty(property.getKey(), property.getValue());
      }
      write(copy, entry);
      JMSProducer producer = jms.createProducer();
      if (timeToLive != null) {
        producer.setTimeToLive(timeToLive.toMillis());
      }
      producer.send(queue, copy);
    } catch (JMSException e) {
      throw new JMSRuntimeException(
          "Could not quarantine message " + entry.messageId(), e.getErrorCode(), e);
    }
  }

  /**
   * Sends a message the inbox kept, rather than one it is receiving, to the quarantine queue: its
   * body and properties as kept, with the entry's properties, as {@link #send(Message, Entry)}.
   */
  public void send(Envelope kept, Entry entry) {
    try (JMSContext jms = connections.createContext()) {
      forward(jms, copy(jms, kept), entry);
    }
  }

  private static Message copy(JMSContext jms, Envelope kept) {
    Message message;
    try {
      if (kept.payload().text()) {
        message = jms.createTextMessage(kept.payload().asText());
      } else {
        BytesMessage bytes = jms.createBytesMessage();
        bytes.writeBytes(kept.payload().bytes());
        message = bytes;
      }
      for (Map.Entry<String, Object> property : kept.properties().entrySet()) {
        message.setObjectProperty(property.getKey(), property.getValue());
      }
    } catch (JMSException e) {
      throw new JMSRuntimeException(
          "Could not copy kept message " + kept.messageId(), e.getErrorCode(), e);
    }
    return message;
  }

  private void write(Message copy, Entry entry) throws JMSException {
    copy.setStringProperty(QuarantineProperties.REASON, entry.reason().code());
    if (entry.consumer() != null) {
      copy.setStringProperty(QuarantineProperties.CONSUMER, entry.consumer());
    }
    if (entry.messageId() != null) {
      copy.setStringProperty(QuarantineProperties.MESSAGE_ID, entry.messageId());
    }
    copy.setStringProperty(
        QuarantineProperties.ERROR, entry.error() == null ? "" : FailureEntry.cut(entry.error()));
    if (entry.cause() != null) {
      if (entry.cause().type() != null) {
        copy.setStringProperty(QuarantineProperties.ERROR_TYPE, entry.cause().type());
      }
      if (entry.cause().frame() != null) {
        copy.setStringProperty(QuarantineProperties.ERROR_FRAME, entry.cause().frame());
      }
    }
    if (entry.fingerprint() != null) {
      copy.setStringProperty(QuarantineProperties.FINGERPRINT, entry.fingerprint());
    }
    copy.setStringProperty(QuarantineProperties.ORIGINAL_DESTINATION, entry.destination());
    copy.setIntProperty(QuarantineProperties.DELIVERY_COUNT, entry.deliveryCount());
    if (entry.producedAt() != null) {
      copy.setLongProperty(QuarantineProperties.PRODUCED_AT, entry.producedAt().toEpochMilli());
    }
    copy.setBooleanProperty(QuarantineProperties.BODY_KEPT, keepBody);
    String seal =
        seal(
            new Forwarded(
                entry.messageId(),
                entry.reason(),
                entry.consumer(),
                entry.producedAt(),
                entry.destination(),
                keepBody));
    if (seal != null) {
      copy.setStringProperty(QuarantineProperties.SEAL, seal);
    }
  }

  /**
   * The seal of a copy, or null when the key cannot be read (the database is away): the copy is
   * quarantined all the same, since nothing may wait for the database to be refused; redriven, it
   * counts as a producer's message.
   */
  private String seal(Forwarded forwarded) {
    try {
      return Seal.of(secrets.quarantineSealKey(), forwarded);
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          e,
          () ->
              "Quarantining message %s without a seal: the seal's key could not be read"
                      .formatted(forwarded.messageId())
                  + " (inbox_secret). A redrive of this copy will not count as one.");
      return null;
    }
  }

  /**
   * What the inbox wrote on a copy it quarantined, when the message is one and its seal verifies;
   * empty for any other message, whatever {@code inbox_*} properties it carries. Only a message
   * with a seal costs a look-up of the key.
   */
  public Optional<Forwarded> forwarded(Map<String, Object> properties) {
    if (!(properties.get(QuarantineProperties.SEAL) instanceof String seal)) {
      return Optional.empty();
    }
    Optional<Forwarded> forwarded =
        Forwarded.read(properties)
            .filter(fields -> Seal.verifies(secrets.quarantineSealKey(), fields, seal));
    if (forwarded.isEmpty()) {
      LOG.warning(
          () ->
              "A message carries an inbox seal that does not verify (messageId property %s):"
                      .formatted(properties.get(QuarantineProperties.MESSAGE_ID))
                  + " its inbox_* properties are ignored. Either they were changed after the"
                  + " inbox quarantined it, or the inbox_secret row was deleted since.");
    }
    return forwarded;
  }

  /** The quarantine queue, for what counts it ({@link QueueDepths}) or browses it. */
  public Queue queue() {
    return queue;
  }

  /** A message with the original's headers and no body. */
  private static Message withoutBody(JMSContext jms, Message original) throws JMSException {
    Message copy = jms.createMessage();
    copy.setJMSCorrelationID(original.getJMSCorrelationID());
    copy.setJMSType(original.getJMSType());
    return copy;
  }

  private static Duration positiveDuration(String value) {
    return Durations.positive("inbox.quarantine.time-to-live", value, "P30D");
  }
}
