package dev.inbox.quarantine;

import jakarta.json.Json;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.StringReader;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/**
 * What the management beans of a broker that runs in this JVM (WildFly's embedded Artemis) say
 * about a queue. A broker elsewhere (a standalone Artemis, as on Payara) is not read: the inbox's
 * user there has no management rights, by design.
 */
public final class LocalBroker {

  private static final Logger LOG = Logger.getLogger(LocalBroker.class.getName());

  private LocalBroker() {}

  /** A queue's redelivery, as the broker resolves its address settings. */
  public record Redelivery(String address, int maxDeliveryAttempts, Duration maxRedeliveryDelay) {}

  /**
   * A queue's message count, which the broker keeps without touching a message. Counting by
   * browsing instead streams every message, bodies and all: a quarantine that holds large messages
   * was read in full at every refresh of the gauges, and the broker logged an error whenever the
   * browser closed while a large body was still on its way.
   *
   * @param queueName the queue's name as JMS gives it ({@code Queue.getQueueName()})
   * @return the count, or empty when no broker in this JVM has such a queue
   */
  static OptionalLong messageCount(String queueName) {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    try {
      Optional<ObjectName> queue = queueBean(server, queueName);
      if (queue.isPresent()) {
        Object count = server.getAttribute(queue.get(), "MessageCount");
        return OptionalLong.of(((Number) count).longValue());
      }
    } catch (JMException | IOException | RuntimeException e) {
      LOG.log(Level.FINE, e, () -> "No local broker count for queue " + queueName);
    }
    return OptionalLong.empty();
  }

  /**
   * The redelivery the broker applies to a queue: its address settings as the broker resolves them
   * for the queue's address, wildcards and all.
   *
   * @param queueName the queue's name as JMS gives it ({@code Queue.getQueueName()})
   * @return the redelivery, or empty when no broker in this JVM has such a queue or its settings do
   *     not say
   */
  public static Optional<Redelivery> redelivery(String queueName) {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    try {
      Optional<ObjectName> queue = queueBean(server, queueName);
      if (queue.isEmpty()) {
        return Optional.empty();
      }
      String key = queue.get().getKeyProperty("address");
      String address = key.startsWith("\"") ? ObjectName.unquote(key) : key;
      ObjectName broker =
          new ObjectName(
              queue.get().getDomain() + ":broker=" + queue.get().getKeyProperty("broker"));
      String json =
          (String)
              server.invoke(
                  broker,
                  "getAddressSettingsAsJSON",
                  new Object[] {address},
                  new String[] {String.class.getName()});
      JsonObject settings;
      try (JsonReader reader = Json.createReader(new StringReader(json))) {
        settings = reader.readObject();
      }
      if (settings.get("maxDeliveryAttempts") instanceof JsonNumber attempts
          && settings.get("maxRedeliveryDelay") instanceof JsonNumber delay) {
        return Optional.of(
            new Redelivery(address, attempts.intValue(), Duration.ofMillis(delay.longValue())));
      }
      LOG.fine(() -> "The address settings of " + address + " name no redelivery: " + json);
    } catch (JMException | IOException | RuntimeException e) {
      LOG.log(Level.FINE, e, () -> "No local broker settings for queue " + queueName);
    }
    return Optional.empty();
  }

  /**
   * A queue's management bean on a broker's management server (this JVM's, or a standalone broker's
   * over JMX), under its JMS name or WildFly's core name for it.
   */
  public static Optional<ObjectName> queueBean(MBeanServerConnection server, String queueName)
      throws JMException, IOException {
    for (String name : new String[] {queueName, "jms.queue." + queueName}) {
      ObjectName pattern =
          new ObjectName(
              "org.apache.activemq.artemis:subcomponent=queues,queue="
                  + ObjectName.quote(name)
                  + ",*");
      Set<ObjectName> beans = server.queryNames(pattern, null);
      if (!beans.isEmpty()) {
        return Optional.of(beans.iterator().next());
      }
    }
    return Optional.empty();
  }
}
