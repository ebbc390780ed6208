package dev.inbox.quarantine;

import java.lang.management.ManagementFactory;
import java.util.OptionalLong;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * A queue's message count from the management bean of a broker that runs in this JVM (WildFly's
 * embedded Artemis), which the broker keeps without touching a message. Counting by browsing
 * instead streams every message, bodies and all: a quarantine that holds large messages was read in
 * full at every refresh of the gauges, and the broker logged an error whenever the browser closed
 * while a large body was still on its way.
 */
final class LocalBrokerCount {

  private static final Logger LOG = Logger.getLogger(LocalBrokerCount.class.getName());

  private LocalBrokerCount() {}

  /**
   * @param queueName the queue's name as JMS gives it ({@code Queue.getQueueName()})
   * @return its message count, or empty when no broker in this JVM has such a queue
   */
  static OptionalLong of(String queueName) {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    try {
      for (String name : new String[] {queueName, "jms.queue." + queueName}) {
        ObjectName pattern =
            new ObjectName(
                "org.apache.activemq.artemis:subcomponent=queues,queue="
                    + ObjectName.quote(name)
                    + ",*");
        Set<ObjectName> beans = server.queryNames(pattern, null);
        if (!beans.isEmpty()) {
          Object count = server.getAttribute(beans.iterator().next(), "MessageCount");
          return OptionalLong.of(((Number) count).longValue());
        }
      }
    } catch (JMException | RuntimeException e) {
      LOG.log(Level.FINE, e, () -> "No local broker count for queue " + queueName);
    }
    return OptionalLong.empty();
  }
}
