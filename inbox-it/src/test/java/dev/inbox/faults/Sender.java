package dev.inbox.faults;

import dev.inbox.it.TestMessage;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Queue;
import java.time.Duration;
import java.util.List;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * A producer outside the servers, on the standalone broker: what a team's service would be. A send
 * returns once the broker has acknowledged it (persistent messages, blocking sends).
 */
final class Sender implements AutoCloseable {

  private final ActiveMQConnectionFactory factory =
      new ActiveMQConnectionFactory(FaultCell.required("faults.broker-url"), "admin", "admin");

  /** Sends the messages in one transaction: all are on the queue before the first is delivered. */
  void sendTogether(List<TestMessage> messages) {
    try (JMSContext jms = factory.createContext(JMSContext.SESSION_TRANSACTED)) {
      Queue queue = jms.createQueue(StandaloneBroker.INBOX_QUEUE);
      for (TestMessage message : messages) {
        producer(jms, message).send(queue, message.body());
      }
      jms.commit();
    }
  }

  /**
   * Sends one message until the broker acknowledges it, through broker restarts, each attempt on a
   * fresh connection. A send whose acknowledgement was lost goes again: the copy is the inbox's to
   * absorb.
   *
   * @return how many attempts failed before the acknowledged one
   */
  int sendUntilAcknowledged(TestMessage message, Duration deadline) {
    int[] failed = {0};
    try {
      Awaitility.await("the broker's acknowledgement of " + message.properties())
          .pollInSameThread()
          .pollDelay(Duration.ZERO)
          .pollInterval(Duration.ofMillis(200))
          .atMost(deadline)
          .until(
              () -> {
                try (JMSContext jms = factory.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
                  producer(jms, message)
                      .send(jms.createQueue(StandaloneBroker.INBOX_QUEUE), message.body());
                  return true;
                } catch (JMSRuntimeException e) {
                  failed[0]++;
                  return false;
                }
              });
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          "The broker did not acknowledge " + message.properties() + " within " + deadline, e);
    }
    return failed[0];
  }

  private static JMSProducer producer(JMSContext jms, TestMessage message) {
    JMSProducer producer = jms.createProducer();
    message.properties().forEach(producer::setProperty);
    return producer;
  }

  @Override
  public void close() {
    factory.close();
  }
}
