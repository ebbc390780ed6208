package dev.inbox.bench;

import dev.inbox.bench.handler.BusinessWork;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import java.time.Instant;

/**
 * What the inbox is compared with: an MDB doing the same business insert without the inbox, under
 * the same container-managed transaction and instance pool.
 */
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue"),
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = PlainListener.DESTINATION)
    })
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class PlainListener implements MessageListener {

  static final String DESTINATION = "java:/jms/queue/benchPlain";

  @Inject private BusinessWork work;

  @Override
  public void onMessage(Message message) {
    try {
      message.getBody(String.class);
      work.apply(
          message.getStringProperty("messageId"), Instant.ofEpochMilli(message.getJMSTimestamp()));
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot read a benchmark message", e);
    }
  }
}
