package dev.inbox.testkit;

import java.util.List;
import java.util.Optional;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Where the probe finds the inbox in the server under test. Each address is a MicroProfile Config
 * key ({@code inbox.testkit.*}: a system property of the server, or the test deployment's own
 * settings, {@link InboxDeployment#of(java.io.File, java.util.Map, Class[])}); without one, the
 * name that the inbox's server scripts give it on WildFly or on Payara, whichever is bound.
 *
 * @param inboxQueue the JNDI name of the queue the inbox consumes ({@code
 *     inbox.testkit.inbox-queue})
 * @param quarantineQueue the JNDI name of its quarantine ({@code inbox.testkit.quarantine-queue},
 *     else the inbox's own {@code inbox.quarantine-queue})
 * @param dataSource the JNDI name of the inbox's data source ({@code inbox.testkit.data-source})
 * @param metricsUrl the Prometheus endpoint ({@code inbox.testkit.metrics-url}); on WildFly, the
 *     management interface's {@code /prometheus} at the server's port offset
 * @param metricsUser the scraper's user where the endpoint has a login, as Payara's does ({@code
 *     inbox.testkit.metrics-user}); empty reads it anonymously
 * @param metricsPassword the scraper's password ({@code inbox.testkit.metrics-password})
 */
public record InboxAddresses(
    String inboxQueue,
    String quarantineQueue,
    String dataSource,
    String metricsUrl,
    String metricsUser,
    String metricsPassword) {

  /** The addresses in this server: read inside it, by the probe. */
  public static InboxAddresses ofServer() {
    Config config = ConfigProvider.getConfig();
    return new InboxAddresses(
        address(
            config,
            "inbox-queue",
            "inbox.metrics.inbox-queue",
            "java:/jms/queue/inbox",
            "jms/queue/inbox"),
        address(
            config,
            "quarantine-queue",
            "inbox.quarantine-queue",
            "java:/jms/queue/inboxQuarantine",
            "jms/queue/inboxQuarantine"),
        address(config, "data-source", null, "java:/jdbc/inbox", "jdbc/inbox"),
        setting(config, "metrics-url").orElseGet(InboxAddresses::defaultMetricsUrl),
        setting(config, "metrics-user").orElse(""),
        setting(config, "metrics-password").orElse(""));
  }

  private static Optional<String> setting(Config config, String key) {
    return config.getOptionalValue("inbox.testkit." + key, String.class);
  }

  /**
   * The kit's own setting; else the inbox's, where the inbox reads one (a team that moved the queue
   * for the inbox moved it for the kit too); else the first candidate bound.
   */
  private static String address(Config config, String key, String inboxKey, String... candidates) {
    return setting(config, key)
        .or(
            () ->
                inboxKey == null
                    ? Optional.empty()
                    : config.getOptionalValue(inboxKey, String.class))
        .orElseGet(
            () ->
                List.of(candidates).stream()
                    .filter(InboxAddresses::bound)
                    .findFirst()
                    .orElseThrow(
                        () ->
                            new IllegalStateException(
                                "The inbox's "
                                    + key
                                    + " is bound at none of "
                                    + List.of(candidates)
                                    + ": is the server configured with the inbox's scripts? Set"
                                    + " inbox.testkit."
                                    + key
                                    + " to its JNDI name")));
  }

  private static boolean bound(String name) {
    try {
      InitialContext.doLookup(name);
      return true;
    } catch (NamingException e) {
      return false;
    }
  }

  /**
   * WildFly's, as the inbox's metrics script sets it up: the management interface at the server's
   * port offset. Payara's needs a login, so a test on Payara names it.
   */
  private static String defaultMetricsUrl() {
    if (System.getProperty("jboss.home.dir") == null) {
      return "";
    }
    int port =
        Integer.getInteger("jboss.management.http.port", 9990)
            + Integer.getInteger("jboss.socket.binding.port-offset", 0);
    return "http://127.0.0.1:" + port + "/prometheus";
  }

  /** Without the password, which would otherwise land in whatever logs the addresses. */
  @Override
  public String toString() {
    return ("InboxAddresses[inboxQueue=%s, quarantineQueue=%s, dataSource=%s, metricsUrl=%s,"
            + " metricsUser=%s%s]")
        .formatted(
            inboxQueue,
            quarantineQueue,
            dataSource,
            metricsUrl,
            metricsUser,
            metricsPassword.isEmpty() ? "" : ", metricsPassword=***");
  }
}
