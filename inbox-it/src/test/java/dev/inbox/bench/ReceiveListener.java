package dev.inbox.bench;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/**
 * The broker's own ceiling: an MDB that only receives, each message acknowledged in its own
 * container-managed transaction, with no database work.
 */
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue"),
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = ReceiveListener.DESTINATION)
    })
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class ReceiveListener implements MessageListener {

  static final String DESTINATION = "java:/jms/queue/benchReceive";

  @Override
  public void onMessage(Message message) {
    try {
      message.getBody(String.class);
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot read a benchmark message", e);
    }
  }
}
