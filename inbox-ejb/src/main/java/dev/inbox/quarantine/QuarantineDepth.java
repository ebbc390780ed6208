package dev.inbox.quarantine;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import java.util.Enumeration;
import java.util.OptionalLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/** How many messages wait on the quarantine queue, for the gauge an operator alerts on. */
@ApplicationScoped
public class QuarantineDepth {

  private static final Logger LOG = Logger.getLogger(QuarantineDepth.class.getName());

  /** Where counting the quarantine queue's depth stops. */
  static final long MAX_DEPTH = 100_000;

  private final JMSContext jms;
  private final Quarantine quarantine;

  @Inject
  QuarantineDepth(JMSContext jms, Quarantine quarantine) {
    this.jms = jms;
    this.quarantine = quarantine;
  }

  /** For the CDI proxy. */
  protected QuarantineDepth() {
    this(null, null);
  }

  /**
   * Messages waiting on the quarantine queue: the broker's own count when the broker runs in this
   * JVM; otherwise counted by browsing the queue, up to {@link #MAX_DEPTH}, beyond which the count
   * stops (a queue that deep is an incident whatever its exact size). A browse reads every message
   * with its body: on a remote broker whose quarantine holds large messages, watch the broker's own
   * queue metrics instead (docs/operations/metrics.md).
   */
  public long depth() {
    Queue queue = quarantine.queue();
    try {
      OptionalLong counted = LocalBroker.messageCount(queue.getQueueName());
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
}
