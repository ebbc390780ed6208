package dev.inbox.receiving;

import dev.inbox.dispatch.AttemptBudget;
import dev.inbox.quarantine.LocalBroker;
import dev.inbox.quarantine.LocalBroker.Redelivery;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.interceptor.Interceptor;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Refuses to start when the broker in this JVM redelivers the inbox queue otherwise than {@code
 * inbox.broker.max-delivery-attempts} and {@code inbox.broker.max-redelivery-delay} say: the
 * start-up checks of the attempt budget and of retention would reason about a broker that is not
 * there. A broker elsewhere cannot be read; its numbers are taken on trust, and the log says so.
 */
@ApplicationScoped
public class BrokerRedeliveryCheck {

  private static final Logger LOG = Logger.getLogger(BrokerRedeliveryCheck.class.getName());

  /**
   * Runs after the other start-up checks: theirs say what to change when the settings are wrong for
   * the consumers, and that comes first.
   */
  void checkAtStartup(
      @Observes @Priority(Interceptor.Priority.LIBRARY_AFTER) Startup startup,
      AttemptBudget budget) {
    Optional<Redelivery> read = brokerInThisJvm();
    String configured =
        "inbox.broker.max-delivery-attempts=%d and inbox.broker.max-redelivery-delay=%s"
            .formatted(budget.brokerMaxDeliveryAttempts(), budget.brokerMaxRedeliveryDelay());
    if (read.isEmpty()) {
      LOG.info(
          () ->
              "No broker in this JVM to read the inbox queue's redelivery from: the start-up"
                  + " checks take "
                  + configured
                  + " as what the broker does");
      return;
    }
    Redelivery broker = read.get();
    if (broker.maxDeliveryAttempts() == budget.brokerMaxDeliveryAttempts()
        && broker.maxRedeliveryDelay().equals(budget.brokerMaxRedeliveryDelay())) {
      LOG.info(() -> "The broker in this JVM redelivers the inbox queue as " + configured + " say");
      return;
    }
    throw new IllegalStateException(
        ("The broker in this JVM delivers a message of the inbox queue (address %s) at most %d"
                + " times, at most %s apart, but %s: the start-up checks would reason about a"
                + " broker that is not there. Set inbox.broker.max-delivery-attempts=%d and"
                + " inbox.broker.max-redelivery-delay=%s, or change the queue's address setting on"
                + " the broker (server-config/inbox-queue.properties).")
            .formatted(
                broker.address(),
                broker.maxDeliveryAttempts(),
                broker.maxRedeliveryDelay(),
                configured,
                broker.maxDeliveryAttempts(),
                broker.maxRedeliveryDelay()));
  }

  /** What a broker in this JVM says of the queue bound at the MDB's destination, if it can. */
  private static Optional<Redelivery> brokerInThisJvm() {
    try {
      Queue queue = InitialContext.doLookup(InboxListener.DESTINATION);
      return LocalBroker.redelivery(queue.getQueueName());
    } catch (NamingException | JMSException e) {
      // Payara binds the queue elsewhere (glassfish-ejb-jar.xml), and its broker is another
      // process.
      LOG.log(Level.FINE, e, () -> "The inbox queue is not bound at " + InboxListener.DESTINATION);
      return Optional.empty();
    }
  }
}
