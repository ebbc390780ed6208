package dev.inbox.it.handlers;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.JMSContext;
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

  @Inject private JMSContext jms;

  @Transactional(Transactional.TxType.NOT_SUPPORTED)
  public void send(Queue queue, Message message) {
    jms.createProducer().send(queue, message);
  }

  /** The server's connection factory's context, to create messages with. */
  public JMSContext jms() {
    return jms;
  }
}
