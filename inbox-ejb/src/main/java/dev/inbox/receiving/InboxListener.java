package dev.inbox.receiving;

import dev.inbox.dispatch.Dispatcher;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.MessageDrivenContext;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/**
 * Takes each message from the inbox queue and hands it to the dispatcher, in one container-managed
 * transaction that also acknowledges the message: the broker forgets it only when the inbox row and
 * the business work commit.
 */
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue"),
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = InboxListener.DESTINATION)
    })
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class InboxListener implements MessageListener {

  /** The JNDI name that the server scripts bind the inbox queue to. */
  public static final String DESTINATION = "java:/jms/queue/inbox";

  @Resource private MessageDrivenContext context;

  @Inject private MessageReader reader;

  @Inject private Dispatcher dispatcher;

  @Override
  public void onMessage(Message message) {
    if (dispatcher.dispatch(reader.read(message)).rollsBack()) {
      // Roll back without throwing: the broker redelivers after its redelivery delay, and an
      // expected outcome such as a lost race leaves no stack trace in the server log.
      try {
        context.setRollbackOnly();
      } catch (IllegalStateException alreadyOver) {
        // The transaction timeout rolled it back already, while the handler ran.
      }
    }
  }
}
