package dev.inbox.faults;

import dev.inbox.testkit.TestMessage;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.Queue;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.awaitility.Awaitility;

/**
 * A producer outside the servers, on the cell's broker (the standalone one, or the single server's
 * embedded one through its HTTP port): what a team's service would be. A send returns once the
 * broker has acknowledged it (persistent messages, blocking sends).
 */
final class Sender implements AutoCloseable {

  private final ActiveMQConnectionFactory factory =
      new ActiveMQConnectionFactory(
          FaultCell.required("faults.broker-url"),
          FaultCell.required("faults.producer-user"),
          FaultCell.required("faults.producer-password"));

  /** The inbox queue's address on the cell's broker. */
  private final String inboxAddress = FaultCell.required("faults.inbox-address");

  private final AtomicInteger refusals = new AtomicInteger();
  private final AtomicInteger acknowledged = new AtomicInteger();

  /** Sends the messages in one transaction: all are on the queue before the first is delivered. */
  void sendTogether(List<TestMessage> messages) {
    try (JMSContext jms = factory.createContext(JMSContext.SESSION_TRANSACTED)) {
      Queue queue = jms.createQueue(inboxAddress);
      for (TestMessage message : messages) {
        producer(jms, message).send(queue, message.body());
      }
      jms.commit();
    }
  }

  /**
   * Sends one message until the broker acknowledges it, through broker restarts, each attempt on a
   * fresh connection. A send whose acknowledgement was lost goes again: the copy is the inbox's to
   * absorb. Each attempt that failed counts as a {@link #refusals() refusal}.
   */
  void sendUntilAcknowledged(TestMessage message, Duration deadline) {
    Instant end = Instant.now().plus(deadline);
    while (true) {
      try (JMSContext jms = factory.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
        producer(jms, message).send(jms.createQueue(inboxAddress), message.body());
      } catch (JMSRuntimeException e) {
        refusals.incrementAndGet();
        if (Instant.now().isAfter(end)) {
          throw new AssertionError(
              "The broker did not acknowledge " + message.properties() + " within " + deadline, e);
        }
        pause();
        continue;
      }
      acknowledged.incrementAndGet();
      return;
    }
  }

  /**
   * Sends the messages one after the other on another thread, each {@link #sendUntilAcknowledged
   * until the broker acknowledges it}: a producer going on through whatever the test does to the
   * broker meanwhile.
   */
  CompletableFuture<Void> sendInTheBackground(List<TestMessage> messages, Duration deadlineEach) {
    return CompletableFuture.runAsync(
        () -> messages.forEach(message -> sendUntilAcknowledged(message, deadlineEach)));
  }

  /** Waits until the broker has acknowledged that many messages, or the sending is over. */
  void awaitAcknowledged(int count, CompletableFuture<Void> sending) {
    Awaitility.await(count + " messages acknowledged")
        .atMost(Duration.ofSeconds(120))
        .until(() -> acknowledged.get() >= count || sending.isDone());
  }

  /** How many messages sent one by one the broker acknowledged so far, on any thread. */
  int acknowledged() {
    return acknowledged.get();
  }

  /** How many sends the broker refused or left unacknowledged so far, on any thread. */
  int refusals() {
    return refusals.get();
  }

  private static JMSProducer producer(JMSContext jms, TestMessage message) {
    JMSProducer producer = jms.createProducer();
    message.properties().forEach(producer::setProperty);
    return producer;
  }

  /** The retry interval of a producer that found the broker down. */
  private static void pause() {
    try {
      Thread.sleep(200);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    factory.close();
  }
}
