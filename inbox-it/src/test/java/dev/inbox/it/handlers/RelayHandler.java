package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.jms.TextMessage;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Sends a follow-up message through the server's connection factory, in the delivery's transaction,
 * then fails the first delivery on purpose: the follow-up of the failed delivery must roll back
 * with it. Each delivery's follow-up has its own id ({@code <id>-relayed-<delivery>}), so a
 * follow-up that escaped the rollback would be applied as a message of its own.
 */
@ApplicationScoped
@InboxConsumer(name = RelayHandler.CONSUMER, types = RelayHandler.TYPE)
public class RelayHandler implements InboxHandler {

  public static final String CONSUMER = "it-relay";
  public static final String TYPE = "it.relay";

  /** The message's body: the JNDI name of the queue to send the follow-up to. */
  public record Relay(String queue) {}

  @Inject private Effects effects;

  /** A context opened and closed for each send, as docs/around-the-inbox.md advises. */
  @Resource(lookup = "java:comp/DefaultJMSConnectionFactory")
  private ConnectionFactory connections;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
    String followUp = message.messageId() + "-relayed-" + context.deliveryCount();
    try (JMSContext jms = connections.createContext()) {
      jms.createProducer().send(queue(message), followUp(jms, message, followUp));
    } catch (JMSException | NamingException e) {
      throw new IllegalStateException("could not send the follow-up " + followUp, e);
    }
    if (context.deliveryCount() == 1) {
      throw new IllegalStateException("it-relay fails a message's first delivery, on purpose");
    }
  }

  /** A follow-up of the message for it-effects, in the same test run, under its own id. */
  static TextMessage followUp(JMSContext jms, Envelope message, String id) throws JMSException {
    TextMessage followUp = jms.createTextMessage("{}");
    followUp.setStringProperty("messageId", id);
    followUp.setStringProperty("messageType", EffectHandler.TYPE);
    followUp.setStringProperty("testRun", message.property("testRun").orElseThrow());
    return followUp;
  }

  /** The queue the message's body names, to send its follow-up to. */
  static Queue queue(Envelope message) throws NamingException {
    return (Queue) new InitialContext().lookup(message.payload().as(Relay.class).queue());
  }
}
