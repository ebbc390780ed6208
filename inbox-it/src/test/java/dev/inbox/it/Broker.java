package dev.inbox.it;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.TextMessage;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/** Reads the broker's state: queue depths, and what the quarantine queue holds. */
@ApplicationScoped
public class Broker {

  @Resource(lookup = "java:comp/DefaultJMSConnectionFactory")
  private ConnectionFactory factory;

  @Resource(lookup = Names.QUARANTINE_QUEUE)
  private Queue quarantine;

  /** A message as found on a queue: its properties and its text. */
  public record Found(Map<String, Object> properties, String text) {

    public Object property(String name) {
      return properties.get(name);
    }
  }

  /** The quarantined messages of one test run, read without consuming them. */
  public List<Found> quarantined(String run) {
    List<Found> found = new ArrayList<>();
    try (JMSContext jms = factory.createContext();
        QueueBrowser browser =
            jms.createBrowser(quarantine, TestMessage.RUN + " = '" + run + "'")) {
      for (Object each : Collections.list(browser.getEnumeration())) {
        found.add(read((Message) each));
      }
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot browse the quarantine queue", e);
    }
    return found;
  }

  /**
   * Messages on the inbox queue that are not yet acknowledged: waiting, in delivery, or scheduled
   * for redelivery. Read from the broker's management beans.
   */
  public long pendingOnInboxQueue() {
    return messageCount(Names.INBOX_QUEUE_ADDRESS);
  }

  private static long messageCount(String queue) {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    try {
      Set<ObjectName> names =
          server.queryNames(
              new ObjectName(
                  "org.apache.activemq.artemis:*,subcomponent=queues,queue="
                      + ObjectName.quote(queue)),
              null);
      if (names.size() != 1) {
        throw new IllegalStateException(
            "Expected one management bean for queue " + queue + ", found " + names);
      }
      return ((Number) server.getAttribute(names.iterator().next(), "MessageCount")).longValue();
    } catch (JMException e) {
      throw new IllegalStateException("Cannot read the depth of queue " + queue, e);
    }
  }

  private static Found read(Message message) throws JMSException {
    Map<String, Object> properties = new HashMap<>();
    for (Object name : Collections.list(message.getPropertyNames())) {
      properties.put((String) name, message.getObjectProperty((String) name));
    }
    String text = message instanceof TextMessage textMessage ? textMessage.getText() : null;
    return new Found(properties, text);
  }
}
