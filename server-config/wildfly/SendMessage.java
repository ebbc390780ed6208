// Sends one text message to the inbox queue of a running WildFly, the way a producer would: with a
// message id and a type as properties. Runs with the JDK's source launcher and WildFly's client jar:
//
//   java -cp $JBOSS_HOME/bin/client/jboss-client.jar server-config/wildfly/SendMessage.java \
//       --id evt-1 --type meeting.held '{"opportunityId":"opportunity-2481","meetingId":"meeting-184"}'
//
// Options: --id, --type, --property name=value (repeatable), --url (default
// http-remoting://127.0.0.1:8080), --user (an application user in the guest role; default inbox,
// which run.sh creates), --queue (default jms/queue/inbox). The user's password comes from the
// environment, never from the command line: INBOX_APP_PASSWORD (default inbox-dev-1, run.sh's).

import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.Queue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import javax.naming.Context;
import javax.naming.InitialContext;

public class SendMessage {

  public static void main(String[] args) throws Exception {
    Map<String, String> options = new LinkedHashMap<>();
    Map<String, String> properties = new LinkedHashMap<>();
    String body = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--property" -> {
          String[] pair = args[++i].split("=", 2);
          properties.put(pair[0], pair.length > 1 ? pair[1] : "");
        }
        case "--id", "--type", "--url", "--user", "--queue" ->
            options.put(args[i].substring(2), args[++i]);
        default -> body = args[i];
      }
    }
    if (body == null) {
      System.err.println("Usage: SendMessage [--id ID] [--type TYPE] [--property k=v]... BODY");
      System.exit(2);
    }
    if (options.containsKey("id")) {
      properties.put("messageId", options.get("id"));
    }
    if (options.containsKey("type")) {
      properties.put("messageType", options.get("type"));
    }

    String user = options.getOrDefault("user", "inbox");
    String password = System.getenv().getOrDefault("INBOX_APP_PASSWORD", "inbox-dev-1");
    Properties environment = new Properties();
    environment.put(Context.INITIAL_CONTEXT_FACTORY, "org.wildfly.naming.client.WildFlyInitialContextFactory");
    environment.put(Context.PROVIDER_URL, options.getOrDefault("url", "http-remoting://127.0.0.1:8080"));
    environment.put(Context.SECURITY_PRINCIPAL, user);
    environment.put(Context.SECURITY_CREDENTIALS, password);
    Context naming = new InitialContext(environment);
    try {
      ConnectionFactory factory = (ConnectionFactory) naming.lookup("jms/RemoteConnectionFactory");
      Queue queue = (Queue) naming.lookup(options.getOrDefault("queue", "jms/queue/inbox"));
      try (JMSContext jms = factory.createContext(user, password)) {
        JMSProducer producer = jms.createProducer();
        properties.forEach(producer::setProperty);
        producer.send(queue, body);
      }
      System.out.println("Sent " + properties + " " + body);
    } finally {
      naming.close();
    }
  }
}
