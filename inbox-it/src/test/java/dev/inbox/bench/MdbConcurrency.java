package dev.inbox.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.lang.management.ManagementFactory;
import java.util.Optional;
import java.util.Set;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * How many deliveries an MDB runs at once on this server, read from the server rather than assumed:
 * the smaller of its instance pool's size, as the server's management model reports it (on WildFly
 * derived from the cores unless configured), and its {@code maxSession}, the sessions the resource
 * adapter opens.
 *
 * @param bean the MDB's name
 * @param poolMaxSize the instance pool's size the server reports
 * @param maxSession the sessions the activation asks for
 */
record MdbConcurrency(String bean, int poolMaxSize, int maxSession) {

  /** The resource adapter's sessions when the activation names none (Artemis's default). */
  static final int ADAPTER_DEFAULT_SESSIONS = 15;

  /** Deliveries at once: an instance for each, and a session for each. */
  int deliveries() {
    return Math.min(poolMaxSize, maxSession);
  }

  JsonObject toJson() {
    return Json.createObjectBuilder()
        .add("bean", bean)
        .add("poolMaxSize", poolMaxSize)
        .add("maxSession", maxSession)
        .add("deliveries", deliveries())
        .build();
  }

  /**
   * The MDB's figures, where the server publishes its management model as MBeans (WildFly's {@code
   * jboss.as} domain); empty elsewhere.
   */
  static Optional<MdbConcurrency> read(String bean, int maxSession) {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    try {
      Set<ObjectName> names =
          server.queryNames(
              new ObjectName("jboss.as:subsystem=ejb3,message-driven-bean=" + bean + ",*"), null);
      if (names.size() != 1) {
        return Optional.empty();
      }
      Object size = server.getAttribute(names.iterator().next(), "poolMaxSize");
      return size instanceof Number number
          ? Optional.of(new MdbConcurrency(bean, number.intValue(), maxSession))
          : Optional.empty();
    } catch (JMException e) {
      return Optional.empty();
    }
  }
}
