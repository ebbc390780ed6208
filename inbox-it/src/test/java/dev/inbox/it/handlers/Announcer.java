package dev.inbox.it.handlers;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.transaction.Transactional;

/**
 * Sends a message outside any transaction, so that the broker has it when the send returns,
 * whatever the delivery that asked for it does next: a send that a rollback of the delivery cannot
 * take back. Without a transaction the connection factory's session is not transacted, and the
 * broker drops a message whose duplicate-detection id it has seen (in a transaction it would roll
 * that transaction back instead).
 */
@ApplicationScoped
public class Announcer {

  @Resource(lookup = "java:comp/DefaultJMSConnectionFactory")
  private ConnectionFactory connections;

  /** A message, built with the context that sends it. */
  public interface Announcement {
    Message with(JMSContext jms) throws JMSException;
  }

  @Transactional(Transactional.TxType.NOT_SUPPORTED)
  public void send(Queue queue, Announcement announcement) throws JMSException {
    try (JMSContext jms = connections.createContext()) {
      jms.createProducer().send(queue, announcement.with(jms));
    }
  }
}
