package dev.inbox.quarantine;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import java.util.Enumeration;
import java.util.OptionalLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How many messages wait on the inbox's three queues, for the gauges an operator alerts on: the
 * inbox queue (the backlog), the quarantine, and the dead-letter queue where the broker puts what
 * it gave up redelivering.
 */
@ApplicationScoped
public class QueueDepths {

  private static final Logger LOG = Logger.getLogger(QueueDepths.class.getName());

  /** Where counting a queue's depth by browsing it stops. */
  static final long MAX_DEPTH = 100_000;

  private final ConnectionFactory connections;
  private final Quarantine quarantine;
  private final String inboxQueueName;
  private final String deadLetterQueueName;

  @Inject
  QueueDepths(
      ConnectionFactory connections,
      Quarantine quarantine,
      @ConfigProperty(name = "inbox.metrics.inbox-queue", defaultValue = "java:/jms/queue/inbox")
          String inboxQueueName,
      @ConfigProperty(
              name = "inbox.metrics.dead-letter-queue",
              defaultValue = "java:/jms/queue/inboxDLQ")
          String deadLetterQueueName) {
    this.connections = connections;
    this.quarantine = quarantine;
    this.inboxQueueName = inboxQueueName;
    this.deadLetterQueueName = deadLetterQueueName;
  }

  /** For the CDI proxy. */
  protected QueueDepths() {
    this(null, null, null, null);
  }

  /** Messages waiting on the quarantine queue. */
  public long quarantine() {
    return depth(quarantine.queue());
  }

  /** Messages waiting on the inbox queue, delivered or not, until their delivery commits. */
  public long inbox() {
    return depth(inboxQueue());
  }

  /** The inbox queue ({@code inbox.metrics.inbox-queue}), where a redrive sends messages back. */
  public Queue inboxQueue() {
    return lookUp(inboxQueueName, "inbox.metrics.inbox-queue");
  }

  /** Messages waiting on the dead-letter queue. */
  public long deadLetters() {
    return depth(deadLetterQueue());
  }

  /** The dead-letter queue ({@code inbox.metrics.dead-letter-queue}). */
  public Queue deadLetterQueue() {
    return lookUp(deadLetterQueueName, "inbox.metrics.dead-letter-queue");
  }

  private static Queue lookUp(String name, String key) {
    try {
      return InitialContext.doLookup(name);
    } catch (NamingException e) {
      throw new IllegalStateException(
          "Queue '%s' (%s) is not bound: point %s at its JNDI name".formatted(name, key, key), e);
    }
  }

  /**
   * The broker's own count when the broker runs in this JVM; otherwise counted by browsing the
   * queue, up to {@link #MAX_DEPTH}, beyond which the count stops (a queue that deep is an incident
   * whatever its exact size). A browse reads every message with its body: on a remote broker whose
   * queues may hold many or large messages, watch the broker's own queue metrics instead
   * (docs/operations/metrics.md).
   */
  private long depth(Queue queue) {
    try {
      OptionalLong counted = LocalBroker.messageCount(queue.getQueueName());
      if (counted.isPresent()) {
        return counted.getAsLong();
      }
    } catch (JMSException e) {
      LOG.log(Level.FINE, e, () -> "A queue has no name to look up; browsing it");
    }
    long depth = 0;
    try (JMSContext jms = connections.createContext();
        QueueBrowser browser = jms.createBrowser(queue)) {
      Enumeration<?> messages = browser.getEnumeration();
      while (messages.hasMoreElements() && depth < MAX_DEPTH) {
        messages.nextElement();
        depth++;
      }
    } catch (JMSException e) {
      throw new JMSRuntimeException("Could not browse queue " + queue, e.getErrorCode(), e);
    }
    return depth;
  }
}
