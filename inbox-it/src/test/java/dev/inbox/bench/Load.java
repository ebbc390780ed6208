package dev.inbox.bench;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.Queue;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.List;

/** Puts benchmark messages on a queue: in committed batches, or one by one at a pace. */
@ApplicationScoped
public class Load {

  /** About 1 KiB, the size the broker's ceiling was first measured with. */
  private static final String PADDING = "x".repeat(960);

  @Resource(lookup = "java:comp/DefaultJMSConnectionFactory")
  private ConnectionFactory factory;

  /** Sends the messages in one transaction: they appear on the queue together, at commit. */
  @Transactional(TxType.REQUIRES_NEW)
  public void sendBatch(Queue queue, List<String> messageIds, String type) {
    try (JMSContext jms = factory.createContext()) {
      for (String messageId : messageIds) {
        send(jms, queue, messageId, type, PADDING);
      }
    }
  }

  /**
   * The same, with bodies of that many bytes (ASCII, so as many characters): the padding makes up
   * what the id and the members leave.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public void sendBatch(Queue queue, List<String> messageIds, String type, int bodyBytes) {
    try (JMSContext jms = factory.createContext()) {
      for (String messageId : messageIds) {
        int padding = bodyBytes - body(messageId, "").length();
        send(jms, queue, messageId, type, "x".repeat(Math.max(0, padding)));
      }
    }
  }

  /** Sends one message, outside any transaction: it is on the queue when this returns. */
  @Transactional(TxType.NOT_SUPPORTED)
  public void sendNow(JMSContext jms, Queue queue, String messageId, String type) {
    send(jms, queue, messageId, type, PADDING);
  }

  /** A connection for {@link #sendNow}, to close when done. */
  public JMSContext open() {
    return factory.createContext();
  }

  private static void send(
      JMSContext jms, Queue queue, String messageId, String type, String padding) {
    JMSProducer producer = jms.createProducer();
    producer.setProperty("messageId", messageId);
    producer.setProperty("messageType", type);
    producer.send(queue, body(messageId, padding));
  }

  private static String body(String messageId, String padding) {
    return "{\"order\":\"" + messageId + "\",\"note\":\"" + padding + "\"}";
  }
}
