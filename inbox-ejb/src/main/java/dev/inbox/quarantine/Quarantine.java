package dev.inbox.quarantine;

import dev.inbox.spi.Envelope;
import dev.inbox.store.FailureEntry;
import dev.inbox.store.Secrets;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSProducer;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
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

  /**
   * The prefix of the inbox's own properties, which it removes from a copy before writing its own.
   */
  public static final String PREFIX = "inbox_";

  /** Why the message was quarantined: a {@link Reason} code. */
  public static final String REASON = "inbox_reason";

  /** The consumer that quarantined it, when one did. */
  public static final String CONSUMER = "inbox_consumer";

  /** A sentence for the operator. */
  public static final String ERROR = "inbox_error";

  /** The queue it was received from, where a redrive sends it back. */
  public static final String ORIGINAL_DESTINATION = "inbox_original_destination";

  /** The broker's delivery count when it was quarantined. */
  public static final String DELIVERY_COUNT = "inbox_delivery_count";

  /**
   * When the producer sent it (epoch milliseconds): the send to quarantine gives the copy a new JMS
   * timestamp, and the inbox reads this one instead, for latency and late deliveries.
   */
  public static final String PRODUCED_AT = "inbox_produced_at";

  /**
   * The identity the inbox read from the original. It survives where the identity itself does not:
   * the send to quarantine gives the copy a new {@code JMSMessageID}.
   */
  public static final String MESSAGE_ID = "inbox_message_id";

  /** Whether the copy carries the original body ({@code inbox.quarantine.keep-body}). */
  public static final String BODY_KEPT = "inbox_body_kept";

  /** The seal over the inbox's properties ({@link Seal}). */
  public static final String SEAL = "inbox_seal";

  /** Properties the provider sets, which a client may not set again. */
  private static final Set<String> PROVIDER_SET =
      Set.of(
          "JMSXDeliveryCount",
          "JMSXUserID",
          "JMSXAppID",
          "JMSXProducerTXID",
          "JMSXConsumerTXID",
          "JMSXRcvTimestamp",
          "JMSXState");

  /** Where counting the quarantine queue's depth stops. */
  static final long MAX_DEPTH = 100_000;

  private final JMSContext jms;
  private final Secrets secrets;
  private final String queueName;
  private final boolean keepBody;
  private final Duration timeToLive;
  private Queue queue;

  @Inject
  Quarantine(
      JMSContext jms,
      Secrets secrets,
      @ConfigProperty(
              name = "inbox.quarantine-queue",
              defaultValue = "java:/jms/queue/inboxQuarantine")
          String queueName,
      @ConfigProperty(name = "inbox.quarantine.keep-body", defaultValue = "true") boolean keepBody,
      @ConfigProperty(name = "inbox.quarantine.time-to-live") Optional<String> timeToLive) {
    this.jms = jms;
    this.secrets = secrets;
    this.queueName = queueName;
    this.keepBody = keepBody;
    this.timeToLive = timeToLive.map(Quarantine::positiveDuration).orElse(null);
  }

  /** For the CDI proxy. */
  protected Quarantine() {
    this.jms = null;
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
   * Sends the message, with its body (unless {@code inbox.quarantine.keep-body=false}) and every
   * property it came with, to the quarantine queue, adding why, for which consumer and from where,
   * sealed.
   */
  public void send(
      Message original, Envelope envelope, Reason reason, String consumer, String error) {
    Forwarded forwarded =
        new Forwarded(
            envelope.messageId(),
            reason,
            consumer,
            envelope.producedAt(),
            envelope.destination(),
            keepBody);
    try {
      Map<String, Object> properties = producerProperties(original);
      Message copy = keepBody ? original : withoutBody(original);
      // A received message's properties are read-only until cleared.
      copy.clearProperties();
      for (Map.Entry<String, Object> property : properties.entrySet()) {
        copy.setObjectProperty(property.getKey(), property.getValue());
      }
      copy.setStringProperty(REASON, reason.code());
      if (consumer != null) {
        copy.setStringProperty(CONSUMER, consumer);
      }
      if (envelope.messageId() != null) {
        copy.setStringProperty(MESSAGE_ID, envelope.messageId());
      }
      copy.setStringProperty(ERROR, error == null ? "" : FailureEntry.cut(error));
      copy.setStringProperty(ORIGINAL_DESTINATION, envelope.destination());
      copy.setIntProperty(DELIVERY_COUNT, envelope.deliveryCount());
      if (envelope.producedAt() != null) {
        copy.setLongProperty(PRODUCED_AT, envelope.producedAt().toEpochMilli());
      }
      copy.setBooleanProperty(BODY_KEPT, keepBody);
      String seal = seal(forwarded);
      if (seal != null) {
        copy.setStringProperty(SEAL, seal);
      }
      JMSProducer producer = jms.createProducer();
      if (timeToLive != null) {
        producer.setTimeToLive(timeToLive.toMillis());
      }
      producer.send(queue, copy);
    } catch (JMSException e) {
      throw new JMSRuntimeException(
          "Could not quarantine message " + envelope.messageId(), e.getErrorCode(), e);
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
    if (!(properties.get(SEAL) instanceof String seal)) {
      return Optional.empty();
    }
    Optional<Forwarded> forwarded =
        Forwarded.read(properties)
            .filter(fields -> Seal.verifies(secrets.quarantineSealKey(), fields, seal));
    if (forwarded.isEmpty()) {
      LOG.warning(
          () ->
              "A message carries an inbox seal that does not verify (messageId property %s):"
                      .formatted(properties.get(MESSAGE_ID))
                  + " its inbox_* properties are ignored. Either they were changed after the"
                  + " inbox quarantined it, or the inbox_secret row was deleted since.");
    }
    return forwarded;
  }

  /**
   * Messages waiting on the quarantine queue: the broker's own count when the broker runs in this
   * JVM; otherwise counted by browsing the queue, up to {@link #MAX_DEPTH}, beyond which the count
   * stops (a queue that deep is an incident whatever its exact size). A browse reads every message
   * with its body: on a remote broker whose quarantine holds large messages, watch the broker's own
   * queue metrics instead (docs/operations/metrics.md).
   */
  public long depth() {
    try {
      OptionalLong counted = LocalBrokerCount.of(queue.getQueueName());
      if (counted.isPresent()) {
        return counted.getAsLong();
      }
    } catch (JMSException e) {
      LOG.log(Level.FINE, e, () -> "The quarantine queue has no name to look up; browsing it");
    }
    long depth = 0;
    try (QueueBrowser browser = jms.createBrowser(queue)) {
      Enumeration<?> messages = browser.getEnumeration();
      while (messages.hasMoreElements() && depth < MAX_DEPTH) {
        messages.nextElement();
        depth++;
      }
    } catch (JMSException e) {
      throw new JMSRuntimeException("Could not browse the quarantine queue", e.getErrorCode(), e);
    }
    return depth;
  }

  /** A message with the original's headers and no body. */
  private Message withoutBody(Message original) throws JMSException {
    Message copy = jms.createMessage();
    copy.setJMSCorrelationID(original.getJMSCorrelationID());
    copy.setJMSType(original.getJMSType());
    return copy;
  }

  /**
   * The properties the copy carries on: the producer's, not those the provider set (JMSX ones but
   * the group, JMS_ ones), nor the broker's internal ones ({@code _AMQ_}: a duplicate-detection id
   * carried along would make the quarantine address drop a second quarantine of the message), nor
   * earlier {@code inbox_} ones (the inbox writes its own).
   */
  private static Map<String, Object> producerProperties(Message message) throws JMSException {
    Map<String, Object> properties = new LinkedHashMap<>();
    for (Object name : Collections.list(message.getPropertyNames())) {
      String key = (String) name;
      if (!PROVIDER_SET.contains(key)
          && !key.startsWith("JMS_")
          && !key.startsWith("_AMQ_")
          && !key.startsWith(PREFIX)) {
        properties.put(key, message.getObjectProperty(key));
      }
    }
    return properties;
  }

  private static Duration positiveDuration(String value) {
    try {
      Duration duration = Duration.parse(value.strip());
      if (!duration.isNegative() && !duration.isZero()) {
        return duration;
      }
    } catch (DateTimeParseException e) {
      // Said below, with what to write instead.
    }
    throw new IllegalArgumentException(
        "inbox.quarantine.time-to-live is '%s': write a positive ISO-8601 duration, such as P30D"
            .formatted(value));
  }
}
