package dev.inbox.console;

import dev.inbox.quarantine.LocalBroker;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.Optional;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The broker's own management operations on a queue, which move and remove messages as they are,
 * body, properties and identity: the operations the redrive scripts run. The broker in this JVM
 * (WildFly's embedded Artemis) is managed through the platform's management beans; a standalone
 * broker (Payara, the cluster setup) through its JMX, as a user with management rights, since the
 * servers' own user has none there.
 */
@ApplicationScoped
public class BrokerManagement {

  private static final String URL = "inbox.console.broker.jmx-url";

  private final Optional<String> url;
  private final Optional<String> user;
  private final Optional<String> password;

  @Inject
  BrokerManagement(
      @ConfigProperty(name = URL) Optional<String> url,
      @ConfigProperty(name = "inbox.console.broker.user") Optional<String> user,
      @ConfigProperty(name = "inbox.console.broker.password") Optional<String> password) {
    this.url = url;
    this.user = user;
    this.password = password;
  }

  /** For the CDI proxy. */
  protected BrokerManagement() {
    this(Optional.empty(), Optional.empty(), Optional.empty());
  }

  /** The broker cannot be managed: it is elsewhere and not configured, or it refused. */
  public static class Unavailable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unavailable(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * Moves the messages of a queue that match a filter to another queue.
   *
   * @param filter in the broker's filter syntax
   * @return how many moved
   */
  public int move(Queue from, String filter, Queue to) {
    return operate(
        server -> {
          ObjectName source = queueBean(server, from);
          String target = ObjectName.unquote(queueBean(server, to).getKeyProperty("queue"));
          return (Integer)
              server.invoke(
                  source,
                  "moveMessages",
                  new Object[] {filter, target},
                  new String[] {String.class.getName(), String.class.getName()});
        });
  }

  /**
   * Removes the messages of a queue that match a filter.
   *
   * @param filter in the broker's filter syntax
   * @return how many were removed
   */
  public int remove(Queue from, String filter) {
    return operate(
        server ->
            (Integer)
                server.invoke(
                    queueBean(server, from),
                    "removeMessages",
                    new Object[] {filter},
                    new String[] {String.class.getName()}));
  }

  private interface Operation {
    int on(MBeanServerConnection server) throws JMException, JMSException, IOException;
  }

  private int operate(Operation operation) {
    try {
      if (url.isEmpty()) {
        return operation.on(ManagementFactory.getPlatformMBeanServer());
      }
      Map<String, ?> credentials =
          user.isEmpty()
              ? Map.of()
              : Map.of(JMXConnector.CREDENTIALS, new String[] {user.get(), password.orElse("")});
      try (JMXConnector connector =
          JMXConnectorFactory.connect(new JMXServiceURL(url.get()), credentials)) {
        return operation.on(connector.getMBeanServerConnection());
      }
    } catch (JMException | JMSException | IOException | SecurityException e) {
      throw new Unavailable(
          "the broker's management did not carry the action out (%s): %s"
              .formatted(url.orElse("the broker in this server"), e),
          e);
    }
  }

  /** The queue's management bean, or why the console cannot manage it from here. */
  private ObjectName queueBean(MBeanServerConnection server, Queue queue)
      throws JMException, JMSException, IOException {
    String name = queue.getQueueName();
    return LocalBroker.queueBean(server, name)
        .orElseThrow(
            () ->
                new Unavailable(
                    ("no broker managed from here has a queue %s: where the broker runs in another"
                            + " process, set %s, inbox.console.broker.user and"
                            + " inbox.console.broker.password to its JMX and a user with management"
                            + " rights (docs/operations/console.md)")
                        .formatted(name, URL),
                    null));
  }
}
