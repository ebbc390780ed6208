package dev.inbox.it;

import dev.inbox.testkit.Http;
import dev.inbox.testkit.Scrape;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.Set;

/**
 * Where the server under test keeps what the probes read: JNDI names, the broker's queue names and
 * management address, the log file, the metrics and health endpoints, where the server serves web
 * applications. They differ between servers, so the build passes them per cell (system properties
 * {@code inbox.it.*} of the test run), and the deployment carries them into the server as {@value
 * #RESOURCE}.
 */
public record Settings(
    String inboxQueue,
    String quarantineQueue,
    String deadLetterQueue,
    String brokerQueuePrefix,
    String jmxUrl,
    String jmxUser,
    String jmxPassword,
    String serverLog,
    String metricsUrl,
    String metricsUser,
    String metricsPassword,
    String redriveCommand,
    String redriveEnvironment,
    String healthUrl,
    String appUrl,
    String consolePassword) {

  static final String RESOURCE = "inbox-it.properties";

  /** The keys, without the {@code inbox.it.} prefix, in the order of the components. */
  static final String[] KEYS = {
    "inbox-queue",
    "quarantine-queue",
    "dead-letter-queue",
    "broker-queue-prefix",
    "jmx-url",
    "jmx-user",
    "jmx-password",
    "server-log",
    "metrics-url",
    "metrics-user",
    "metrics-password",
    "redrive-command",
    "redrive-environment",
    "health-url",
    "app-url",
    "console-password"
  };

  /**
   * Whether the tests run against WildFly, for
   * {@code @EnabledIf("dev.inbox.it.Settings#onWildFly")}. JUnit asks twice for an in-container
   * test: in the test run, where the cell's name says, and inside the server, where only WildFly's
   * own {@code jboss.home.dir} does.
   */
  public static boolean onWildFly() {
    String cell = System.getProperty("inbox.cell");
    return cell == null
        ? System.getProperty("jboss.home.dir") != null
        : cell.startsWith("wildfly-");
  }

  /** The settings the deployment carries, read inside the server. */
  public static Settings ofServer() {
    Properties properties = new Properties();
    try (InputStream in = Settings.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing from the test deployment");
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String[] values = new String[KEYS.length];
    for (int i = 0; i < KEYS.length; i++) {
      values[i] = properties.getProperty(KEYS[i], "");
    }
    return new Settings(
        values[0],
        values[1],
        values[2],
        values[3],
        values[4],
        values[5],
        values[6],
        values[7],
        values[8],
        values[9],
        values[10],
        values[11],
        values[12],
        values[13],
        values[14],
        values[15]);
  }

  /**
   * Keys a cell may leave empty: an embedded broker has no prefix and no remote JMX, metrics on the
   * management port need no login, and only the suite's cells have console users.
   */
  private static final Set<String> OPTIONAL =
      Set.of(
          "broker-queue-prefix",
          "jmx-url",
          "jmx-user",
          "jmx-password",
          "metrics-user",
          "metrics-password",
          "console-password");

  /** The settings of this test run, as the build passed them, for the deployment to carry. */
  static String ofTestRun() {
    Properties properties = new Properties();
    for (String key : KEYS) {
      String value = System.getProperty("inbox.it." + key, "");
      if (value.isEmpty() && !OPTIONAL.contains(key)) {
        throw new IllegalStateException(
            "System property inbox.it." + key + " is not set: the build passes it per cell");
      }
      properties.setProperty(key, value);
    }
    StringWriter text = new StringWriter();
    try {
      properties.store(text, "The cell's settings, for the probes inside the server");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  /** One scrape of the cell's metrics endpoint, now, with the scraper's login where it has one. */
  public Scrape scrape() {
    return Scrape.of(metricsUrl, metricsUser, metricsPassword);
  }

  /** The status an anonymous request of the cell's metrics endpoint gets: 401 behind a login. */
  public int anonymousMetricsStatus() {
    return Http.get(metricsUrl, "", "").status();
  }

  /** The broker's name of one of the inbox's queues (InboxQueue, InboxQuarantine, InboxDLQ). */
  public String brokerQueue(String name) {
    return brokerQueuePrefix + name;
  }
}
