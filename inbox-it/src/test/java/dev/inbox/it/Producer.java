package dev.inbox.it;

import dev.inbox.testkit.TestMessage;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Function;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/** Sends test messages to the inbox queue, as a producer application would. */
@ApplicationScoped
public class Producer {

  @Resource(lookup = "java:comp/DefaultJMSConnectionFactory")
  private ConnectionFactory factory;

  @Resource private ManagedExecutorService executor;

  private Queue inbox;

  @PostConstruct
  void lookUpQueues() {
    Settings settings = Settings.ofServer();
    inbox = lookUp(settings.inboxQueue());
  }

  /** A queue by its JNDI name in this server. */
  public static Queue lookUp(String name) {
    try {
      return InitialContext.doLookup(name);
    } catch (NamingException e) {
      throw new IllegalStateException("No queue bound at " + name, e);
    }
  }

  /** Sends the messages in order, each as a persistent message, before returning. */
  public void send(List<TestMessage> messages) {
    send(inbox, messages);
  }

  public void send(TestMessage... messages) {
    send(List.of(messages));
  }

  /**
   * Sends messages that a test builds itself, of any JMS body type and with any properties, in
   * order, each as a persistent message.
   *
   * @return the messages as sent, with the {@code JMSMessageID} the send gave each
   */
  public List<Message> sendBuilt(List<Function<JMSContext, Message>> messages) {
    List<Message> sent = new ArrayList<>();
    try (JMSContext jms = factory.createContext()) {
      for (Function<JMSContext, Message> build : messages) {
        Message message = build.apply(jms);
        jms.createProducer().send(inbox, message);
        sent.add(message);
      }
    }
    return sent;
  }

  /** Sends each list from its own thread and connection, all at once, and waits for all. */
  public void sendConcurrently(List<List<TestMessage>> perProducer) {
    List<Future<?>> producers = new ArrayList<>();
    for (List<TestMessage> messages : perProducer) {
      producers.add(executor.submit(() -> send(messages)));
    }
    for (Future<?> producer : producers) {
      try {
        producer.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while producing", e);
      } catch (ExecutionException e) {
        throw new IllegalStateException("A producer failed", e.getCause());
      }
    }
  }

  private void send(Queue queue, List<TestMessage> messages) {
    try (JMSContext jms = factory.createContext()) {
      messages.forEach(message -> message.sendTo(jms, queue));
    }
  }
}
