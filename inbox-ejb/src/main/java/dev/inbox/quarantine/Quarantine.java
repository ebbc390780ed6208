package dev.inbox.quarantine;

import dev.inbox.spi.Envelope;
import dev.inbox.store.FailureEntry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Forwards a message to the quarantine queue in the caller's transaction: if the transaction rolls
 * back, the message is neither quarantined nor acknowledged, and the broker redelivers it.
 */
@ApplicationScoped
public class Quarantine {

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
  private final String queueName;
  private Queue queue;

  @Inject
  Quarantine(
      JMSContext jms,
      @ConfigProperty(
              name = "inbox.quarantine-queue",
              defaultValue = "java:/jms/queue/inboxQuarantine")
          String queueName) {
    this.jms = jms;
    this.queueName = queueName;
  }

  /** For the CDI proxy. */
  protected Quarantine() {
    this.jms = null;
    this.queueName = null;
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
   * Sends the message, with its body and every property it came with, to the quarantine queue,
   * adding why, for which consumer and from where.
   */
  public void send(
      Message original, Envelope envelope, Reason reason, String consumer, String error) {
    try {
      Map<String, Object> properties = writableProperties(original);
      // A received message's properties are read-only until cleared.
      original.clearProperties();
      for (Map.Entry<String, Object> property : properties.entrySet()) {
        original.setObjectProperty(property.getKey(), property.getValue());
      }
      original.setStringProperty(REASON, reason.code());
      if (consumer != null) {
        original.setStringProperty(CONSUMER, consumer);
      }
      original.setStringProperty(ERROR, error == null ? "" : FailureEntry.cut(error));
      original.setStringProperty(ORIGINAL_DESTINATION, envelope.destination());
      original.setIntProperty(DELIVERY_COUNT, envelope.deliveryCount());
      if (envelope.producedAt() != null) {
        original.setLongProperty(PRODUCED_AT, envelope.producedAt().toEpochMilli());
      }
      jms.createProducer().send(queue, original);
    } catch (JMSException e) {
      throw new JMSRuntimeException(
          "Could not quarantine message " + envelope.messageId(), e.getErrorCode(), e);
    }
  }

  /**
   * Messages waiting on the quarantine queue, counted by browsing it, up to {@link #MAX_DEPTH}:
   * beyond that the count stops (a queue that deep is an incident whatever its exact size).
   */
  public long depth() {
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

  /**
   * The properties the copy carries: the producer's, not those the provider set (JMSX ones but the
   * group, JMS_ ones) nor the broker's internal ones ({@code _AMQ_}: a duplicate-detection id
   * carried along would make the quarantine address drop a second quarantine of the message).
   */
  private static Map<String, Object> writableProperties(Message message) throws JMSException {
    Map<String, Object> properties = new LinkedHashMap<>();
    for (Object name : Collections.list(message.getPropertyNames())) {
      String key = (String) name;
      if (!PROVIDER_SET.contains(key) && !key.startsWith("JMS_") && !key.startsWith("_AMQ_")) {
        properties.put(key, message.getObjectProperty(key));
      }
    }
    return properties;
  }
}
