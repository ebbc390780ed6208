package dev.inbox.webhooks;

import dev.inbox.receiving.InboxListener;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.Queue;
import java.util.Map;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Puts an accepted delivery on the inbox queue in a transaction of its own, which has committed
 * when {@link #send} returns: the endpoint answers 202 only then, so a partner told its delivery
 * was received can count on the broker holding it.
 */
@Stateless
public class WebhookQueue {

  /** Where the server binds the inbox queue: Payara binds resources without "java:". */
  static final String QUEUE = "inbox.webhooks.queue";

  @Inject private ConnectionFactory connections;

  @Inject
  @ConfigProperty(name = QUEUE, defaultValue = InboxListener.DESTINATION)
  private String queueName;

  private Queue queue;

  @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
  public void send(Map<String, String> properties, String body) {
    try (JMSContext jms = connections.createContext()) {
      JMSProducer producer = jms.createProducer();
      properties.forEach(producer::setProperty);
      producer.send(queue(), body);
    }
  }

  private Queue queue() {
    if (queue == null) {
      queue = lookUp(queueName);
    }
    return queue;
  }

  /**
   * @throws IllegalStateException naming the setting, when no queue is bound at the name
   */
  static Queue lookUp(String queueName) {
    try {
      return InitialContext.doLookup(queueName);
    } catch (NamingException | ClassCastException e) {
      throw new IllegalStateException(
          ("%s is '%s', where no queue is bound: set it to the inbox queue's JNDI name (on"
                  + " Payara jms/queue/inbox, which server-config/payara/configure-inbox.sh sets)")
              .formatted(QUEUE, queueName),
          e);
    }
  }
}
