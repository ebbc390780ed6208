// Redrive on a standalone ActiveMQ Artemis broker (Payara's, or the one a cluster of servers
// shares): moves messages from the quarantine queue (or InboxDLQ) back to InboxQueue with the
// broker's own move operation, through its JMX management, keeping the body and every property,
// the identity included. Run it with the JDK's source launcher; redrive.sh does.
//
//   java Redrive.java [--from quarantine|dlq] [--filter "<selector>"] [--list]
//
// The broker's management: INBOX_BROKER_JMX_URL (service:jmx:rmi:///jndi/rmi://127.0.0.1:1099/jmxrmi)
// and the operators' user, INBOX_BROKER_ADMIN_USER (admin) / INBOX_BROKER_ADMIN_PASSWORD
// (required): from the environment, never from the command line.

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

public class Redrive {

  public static void main(String[] args) throws Exception {
    String from = "quarantine";
    String filter = "";
    boolean list = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--from" -> from = args[++i];
        case "--filter" -> filter = args[++i];
        case "--list" -> list = true;
        default -> fail("Unknown option " + args[i] + ": see the comment at the top of Redrive.java");
      }
    }
    String queue =
        switch (from) {
          case "quarantine" -> "InboxQuarantine";
          case "dlq" -> "InboxDLQ";
          default -> throw fail("--from is quarantine or dlq, not '" + from + "'");
        };
    String password = System.getenv("INBOX_BROKER_ADMIN_PASSWORD");
    if (password == null) {
      throw fail("Set INBOX_BROKER_ADMIN_PASSWORD to the password of the broker's operators' user");
    }
    String url =
        env("INBOX_BROKER_JMX_URL", "service:jmx:rmi:///jndi/rmi://127.0.0.1:1099/jmxrmi");
    String user = env("INBOX_BROKER_ADMIN_USER", "admin");
    try (JMXConnector connector =
        JMXConnectorFactory.connect(
            new JMXServiceURL(url),
            Map.of(JMXConnector.CREDENTIALS, new String[] {user, password}))) {
      MBeanServerConnection management = connector.getMBeanServerConnection();
      ObjectName bean = queue(management, queue);
      if (list) {
        Object[] messages =
            (Object[])
                management.invoke(
                    bean, "listMessages", new Object[] {filter}, new String[] {"java.lang.String"});
        Arrays.stream(messages).forEach(System.out::println);
        System.out.println(messages.length + " messages on " + queue + " match");
      } else {
        Object moved =
            management.invoke(
                bean,
                "moveMessages",
                new Object[] {filter, "InboxQueue"},
                new String[] {"java.lang.String", "java.lang.String"});
        System.out.println("Moved " + moved + " messages from " + queue + " to InboxQueue");
      }
    }
  }

  private static ObjectName queue(MBeanServerConnection management, String queue)
      throws Exception {
    Set<ObjectName> names =
        management.queryNames(
            new ObjectName(
                "org.apache.activemq.artemis:*,subcomponent=queues,queue="
                    + ObjectName.quote(queue)),
            null);
    if (names.size() != 1) {
      throw fail("Expected one management bean for queue " + queue + ", found " + names);
    }
    return names.iterator().next();
  }

  private static String env(String name, String fallback) {
    String value = System.getenv(name);
    return value == null || value.isBlank() ? fallback : value;
  }

  private static IllegalArgumentException fail(String message) {
    System.err.println(message);
    System.exit(2);
    return new IllegalArgumentException(message);
  }
}
