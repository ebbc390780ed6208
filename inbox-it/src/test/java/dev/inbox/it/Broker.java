package dev.inbox.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.testkit.Eventually;
import dev.inbox.testkit.TestMessage;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.TextMessage;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Reads and operates the broker: queue depths, what the quarantine and dead-letter queues hold, and
 * the redrive of messages back to the inbox queue. Management goes through the broker's JMX beans:
 * in the server's own JVM for an embedded broker, over JMX remoting for a standalone one.
 */
@ApplicationScoped
public class Broker {

  /** The type of a text message in the broker's management operations. */
  private static final int TEXT_TYPE = 3;

  @Resource(lookup = "java:comp/DefaultJMSConnectionFactory")
  private ConnectionFactory factory;

  private Settings settings;
  private Queue quarantine;
  private Queue deadLetters;
  private JMXConnector remote;
  private MBeanServerConnection management;

  @PostConstruct
  void connect() {
    settings = Settings.ofServer();
    quarantine = Producer.lookUp(settings.quarantineQueue());
    deadLetters = Producer.lookUp(settings.deadLetterQueue());
    if (settings.jmxUrl().isEmpty()) {
      management = ManagementFactory.getPlatformMBeanServer();
      return;
    }
    try {
      remote =
          JMXConnectorFactory.connect(
              new JMXServiceURL(settings.jmxUrl()),
              Map.of(
                  JMXConnector.CREDENTIALS,
                  new String[] {settings.jmxUser(), settings.jmxPassword()}));
      management = remote.getMBeanServerConnection();
    } catch (IOException e) {
      throw new IllegalStateException("Cannot reach the broker's JMX at " + settings.jmxUrl(), e);
    }
  }

  @PreDestroy
  void disconnect() {
    try {
      if (remote != null) {
        remote.close();
      }
    } catch (IOException e) {
      // Closing a connection the broker may already have dropped: nothing left to release.
    }
  }

  /**
   * A message as found on a queue: its properties, and its text, read when asked for.
   *
   * @param properties the message's properties (the broker's management cuts values longer than its
   *     attribute size limit, 256 characters by default)
   */
  public record Found(Map<String, Object> properties, Supplier<String> body) {

    public Object property(String name) {
      return properties.get(name);
    }

    /** The body of a text message, or null for another body. */
    public String text() {
      return body.get();
    }

    @Override
    public String toString() {
      return properties.toString();
    }
  }

  /** The quarantined messages of one test run, read without consuming them. */
  public List<Found> quarantined(String run) {
    return browse(quarantine, settings.brokerQueue("InboxQuarantine"), run);
  }

  /** The dead-lettered messages of one test run, read without consuming them. */
  public List<Found> deadLettered(String run) {
    return browse(deadLetters, settings.brokerQueue("InboxDLQ"), run);
  }

  /**
   * Messages on the inbox queue that are not yet acknowledged: waiting, in delivery, or scheduled
   * for redelivery. Read from the broker's management beans.
   */
  public long pendingOnInboxQueue() {
    return depth(settings.brokerQueue("InboxQueue"));
  }

  /**
   * Waits, within the suite's deadline ({@link Eventually}), until the inbox queue has settled (no
   * message waiting, in delivery or scheduled for redelivery) and the condition holds.
   */
  public void settledWhen(String what, BooleanSupplier condition) {
    Eventually.eventually(what).until(() -> pendingOnInboxQueue() == 0 && condition.getAsBoolean());
  }

  /** Waits until the inbox queue has settled. */
  public void settled(String what) {
    settledWhen(what, () -> true);
  }

  /**
   * Asserts that one message of the run is quarantined, with that reason, and returns it. Waits for
   * the copy first: under XA the broker commits the copy's send and the acknowledgement as two
   * branches, so the inbox queue can look settled a moment before the copy shows.
   */
  public Found assertQuarantined(String run, String reason) {
    List<Found> found =
        Eventually.eventually("a quarantined copy of the run")
            .until(() -> quarantined(run), copies -> !copies.isEmpty());
    assertEquals(1, found.size(), () -> "quarantined messages of the run: " + found);
    assertEquals(reason, found.get(0).property("inbox_reason"), "the quarantine's reason");
    return found.get(0);
  }

  /** Messages on a queue, by its broker name, that are not yet acknowledged. */
  public long depth(String queue) {
    try {
      return ((Number) management.getAttribute(queueBean(queue), "MessageCount")).longValue();
    } catch (JMException | IOException e) {
      throw new IllegalStateException("Cannot read the depth of " + queue, e);
    }
  }

  /**
   * An attribute of the broker itself, as its management bean has it (for example {@code
   * JournalSyncTransactional}).
   */
  public Object brokerAttribute(String name) {
    try {
      Set<ObjectName> brokers =
          management.queryNames(new ObjectName("org.apache.activemq.artemis:broker=*"), null);
      if (brokers.size() != 1) {
        throw new IllegalStateException("Expected one broker bean, found " + brokers);
      }
      return management.getAttribute(brokers.iterator().next(), name);
    } catch (JMException | IOException e) {
      throw new IllegalStateException("Cannot read the broker's " + name, e);
    }
  }

  /**
   * Puts messages straight on the dead-letter queue, as if the broker had given up on them. On a
   * standalone broker the servers' own user may not send there, so this goes through the broker's
   * management, as an operator would; an embedded broker takes the server's own JMS send.
   */
  public void deadLetter(TestMessage... messages) {
    if (remote == null) {
      try (JMSContext jms = factory.createContext()) {
        for (TestMessage message : messages) {
          message.sendTo(jms, deadLetters);
        }
      }
      return;
    }
    for (TestMessage message : messages) {
      Map<String, String> headers = new HashMap<>();
      message.properties().forEach((name, value) -> headers.put(name, String.valueOf(value)));
      try {
        management.invoke(
            queueBean(settings.brokerQueue("InboxDLQ")),
            "sendMessage",
            new Object[] {
              headers, TEXT_TYPE, message.body(), true, settings.jmxUser(), settings.jmxPassword()
            },
            new String[] {
              Map.class.getName(),
              int.class.getName(),
              String.class.getName(),
              boolean.class.getName(),
              String.class.getName(),
              String.class.getName()
            });
      } catch (JMException | IOException e) {
        throw new IllegalStateException("Cannot put a message on the dead-letter queue", e);
      }
    }
  }

  /** Stops delivering a queue's messages to its consumers: they wait on the queue. */
  public void pause(String queue) {
    operate(queue, "pause");
  }

  /** Delivers a paused queue's messages to its consumers again. */
  public void resume(String queue) {
    operate(queue, "resume");
  }

  private void operate(String queue, String operation) {
    try {
      management.invoke(queueBean(queue), operation, new Object[0], new String[0]);
    } catch (JMException | IOException e) {
      throw new IllegalStateException("Cannot " + operation + " " + queue, e);
    }
  }

  /**
   * Moves the messages that match a selector from the quarantine queue back to the inbox queue,
   * with the broker's own management operation: what {@code server-config/wildfly/redrive.sh} runs
   * through jboss-cli.
   *
   * @return how many messages moved
   */
  public int redriveFromQuarantine(String selector) {
    return moveToInboxQueue(settings.brokerQueue("InboxQuarantine"), selector);
  }

  /** Moves the messages that match a selector from the dead-letter queue to the inbox queue. */
  public int redriveFromDeadLetterQueue(String selector) {
    return moveToInboxQueue(settings.brokerQueue("InboxDLQ"), selector);
  }

  private int moveToInboxQueue(String queue, String selector) {
    try {
      return ((Number)
              management.invoke(
                  queueBean(queue),
                  "moveMessages",
                  new Object[] {selector, settings.brokerQueue("InboxQueue")},
                  new String[] {String.class.getName(), String.class.getName()}))
          .intValue();
    } catch (JMException | IOException e) {
      throw new IllegalStateException("Cannot move messages from " + queue, e);
    }
  }

  /** The broker's management bean of a queue. */
  private ObjectName queueBean(String queue) throws JMException, IOException {
    Set<ObjectName> names =
        management.queryNames(
            new ObjectName(
                "org.apache.activemq.artemis:*,subcomponent=queues,queue="
                    + ObjectName.quote(queue)),
            null);
    if (names.size() != 1) {
      throw new IllegalStateException(
          "Expected one management bean for queue " + queue + ", found " + names);
    }
    return names.iterator().next();
  }

  /**
   * The messages of a run on a queue, listed by the broker's management: a JMS queue browser may
   * stop early at a large message.
   */
  private List<Found> browse(Queue queue, String brokerQueue, String run) {
    Map<?, ?>[] listed;
    try {
      listed =
          (Map<?, ?>[])
              management.invoke(
                  queueBean(brokerQueue),
                  "listMessages",
                  new Object[] {TestMessage.RUN + " = '" + run + "'"},
                  new String[] {String.class.getName()});
    } catch (JMException | IOException e) {
      throw new IllegalStateException("Cannot list the messages of " + brokerQueue, e);
    }
    List<Found> found = new ArrayList<>();
    for (Map<?, ?> message : listed) {
      Map<String, Object> properties = new HashMap<>();
      message.forEach((name, value) -> properties.put(String.valueOf(name), value));
      String messageId = String.valueOf(message.get("userID"));
      found.add(new Found(properties, () -> text(queue, messageId)));
    }
    return found;
  }

  /** The text of one message on a queue, by its JMSMessageID, read without consuming it. */
  private String text(Queue queue, String messageId) {
    try (JMSContext jms = factory.createContext();
        QueueBrowser browser = jms.createBrowser(queue, "JMSMessageID = '" + messageId + "'")) {
      Enumeration<?> messages = browser.getEnumeration();
      if (!messages.hasMoreElements()) {
        throw new IllegalStateException(messageId + " is no longer on " + queue);
      }
      return messages.nextElement() instanceof TextMessage text ? text.getText() : null;
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot browse " + queue, e);
    }
  }
}
