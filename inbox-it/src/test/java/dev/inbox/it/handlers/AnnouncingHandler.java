package dev.inbox.it.handlers;

import dev.inbox.spi.BrokerDuplicates;
import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.JMSException;
import javax.naming.NamingException;

/**
 * Announces each message with a follow-up sent outside the delivery's transaction, marked with
 * {@link BrokerDuplicates}, then fails the first delivery on purpose: the first announcement stays
 * sent, and the redelivery's, marked with the same duplicate-detection id, must be dropped by the
 * broker. Each delivery's follow-up has its own message id ({@code <id>-announced-<delivery>}), so
 * that a second announcement the broker let through would be applied as a message of its own.
 */
@ApplicationScoped
@InboxConsumer(name = AnnouncingHandler.CONSUMER, types = AnnouncingHandler.TYPE)
public class AnnouncingHandler implements InboxHandler {

  public static final String CONSUMER = "it-announcing";
  public static final String TYPE = "it.announcing";

  @Inject private Effects effects;
  @Inject private Announcer announcer;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
    String followUp = message.messageId() + "-announced-" + context.deliveryCount();
    try {
      announcer.send(
          RelayHandler.queue(message),
          jms ->
              BrokerDuplicates.mark(
                  RelayHandler.followUp(jms, message, followUp), context, "announce"));
    } catch (JMSException | NamingException e) {
      throw new IllegalStateException("could not send the announcement " + followUp, e);
    }
    if (context.deliveryCount() == 1) {
      throw new IllegalStateException("it-announcing fails a message's first delivery, on purpose");
    }
  }
}
