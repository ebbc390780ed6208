package dev.inbox.testkit;

import static dev.inbox.testkit.Eventually.eventually;

import dev.inbox.spi.QuarantineProperties;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;

/**
 * A team's view of the inbox from inside the server, for its Arquillian tests: sends messages to
 * the inbox queue as a producer does, and reads what the inbox made of them. Inject it into an
 * in-container test:
 *
 * <pre>{@code
 * @Inject InboxProbe inbox;
 *
 * inbox.send(TestMessage.of(run, run + "-1", "order.placed", body));
 * InboxRow row = inbox.awaitRow("shipping", run + "-1");
 * }</pre>
 *
 * Addresses come from {@link InboxAddresses}.
 */
@ApplicationScoped
public class InboxProbe {

  private static final String ROW =
      "SELECT message_type, business_key, duplicate_of, delivery_count, processed_at"
          + " FROM inbox_entry WHERE consumer_name = ? AND message_id = ?";

  @Resource(lookup = "java:comp/DefaultJMSConnectionFactory")
  private ConnectionFactory factory;

  private InboxAddresses addresses;
  private Queue inbox;
  private Queue quarantine;
  private DataSource dataSource;

  @PostConstruct
  void lookUp() {
    addresses = InboxAddresses.ofServer();
    inbox = lookUp(addresses.inboxQueue());
    quarantine = lookUp(addresses.quarantineQueue());
    dataSource = lookUp(addresses.dataSource());
  }

  private static <T> T lookUp(String name) {
    try {
      return InitialContext.doLookup(name);
    } catch (NamingException e) {
      throw new IllegalStateException(
          "Nothing bound at " + name + ": set its inbox.testkit.* key (InboxAddresses)", e);
    }
  }

  /** Where this probe found the inbox. */
  public InboxAddresses addresses() {
    return addresses;
  }

  /** Sends the messages to the inbox queue in order, each persistent, before returning. */
  public void send(TestMessage... messages) {
    send(List.of(messages));
  }

  public void send(List<TestMessage> messages) {
    try (JMSContext jms = factory.createContext()) {
      messages.forEach(message -> message.sendTo(jms, inbox));
    }
  }

  /** The consumer's row for the message, if the inbox has committed one. */
  public Optional<InboxRow> row(String consumer, String messageId) {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement select = connection.prepareStatement(ROW)) {
      select.setString(1, consumer);
      select.setString(2, messageId);
      try (ResultSet row = select.executeQuery()) {
        if (!row.next()) {
          return Optional.empty();
        }
        return Optional.of(
            new InboxRow(
                consumer,
                messageId,
                row.getString("message_type"),
                Optional.ofNullable(row.getString("business_key")),
                Optional.ofNullable(row.getString("duplicate_of")),
                row.getInt("delivery_count"),
                row.getTimestamp("processed_at").toLocalDateTime()));
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot read the inbox's row of " + consumer + " for " + messageId, e);
    }
  }

  /** Waits until the consumer's row for the message has committed, and returns it. */
  public InboxRow awaitRow(String consumer, String messageId) {
    return eventually("the row of consumer " + consumer + " for message " + messageId)
        .until(() -> row(consumer, messageId), Optional::isPresent)
        .orElseThrow();
  }

  /** The copies of the message that wait in the quarantine queue, found by their identity. */
  public List<Quarantined> quarantined(String messageId) {
    List<Quarantined> found = new ArrayList<>();
    try (JMSContext jms = factory.createContext();
        QueueBrowser browser =
            jms.createBrowser(
                quarantine,
                QuarantineProperties.MESSAGE_ID + " = '" + messageId.replace("'", "''") + "'")) {
      Enumeration<?> copies = browser.getEnumeration();
      while (copies.hasMoreElements()) {
        Message copy = (Message) copies.nextElement();
        found.add(
            new Quarantined(
                messageId,
                copy.getStringProperty(QuarantineProperties.REASON),
                Optional.ofNullable(copy.getStringProperty(QuarantineProperties.CONSUMER)),
                Optional.ofNullable(copy.getStringProperty(QuarantineProperties.ERROR))));
      }
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot browse the quarantine for " + messageId, e);
    }
    return found;
  }

  /** Waits until a copy of the message is in the quarantine queue, and returns it. */
  public Quarantined awaitQuarantined(String messageId) {
    return eventually("message " + messageId + " in the quarantine")
        .until(() -> quarantined(messageId), copies -> !copies.isEmpty())
        .get(0);
  }

  /** One scrape of the server's metrics endpoint, now. */
  public Scrape metrics() {
    if (addresses.metricsUrl().isEmpty()) {
      throw new IllegalStateException(
          "No metrics endpoint: set inbox.testkit.metrics-url (and -user, -password on Payara)");
    }
    return Scrape.of(addresses.metricsUrl(), addresses.metricsUser(), addresses.metricsPassword());
  }

  /** The value of an inbox series now, summed over the samples with these labels. */
  public double metric(String name, Map<String, String> labels) {
    return metrics().value(name, labels);
  }
}
