package dev.inbox.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Deployments;
import dev.inbox.it.Http;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Settings;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * The server's health endpoints, as a load balancer or Kubernetes reads them: the inbox is live,
 * and ready while its database answers at the schema version it needs, its broker answers and its
 * retention works; its tables behind that version make it not ready, until they are back.
 */
@InboxTest
class HealthIT {

  private static final List<String> DATA_SOURCE_NAMES = List.of("java:/jdbc/inbox", "jdbc/inbox");

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(HealthIT.class);
  }

  @Test
  void theInboxIsLiveAndReadyWithItsDatabaseBrokerAndRetention() {
    Health live = Health.get("live");
    Health ready = Health.get("ready");

    assertEquals(200, live.status(), live.body());
    assertEquals("UP", live.checks().get("inbox"), live.body());
    assertEquals(200, ready.status(), ready.body());
    assertEquals(
        Map.of("inbox-database", "UP", "inbox-broker", "UP", "inbox-retention", "UP"),
        inboxChecks(ready),
        ready.body());
    assertEquals(1, ready.data("inbox-database").getInt("schema-version"), ready.body());
  }

  @Test
  void tablesBehindTheSchemaVersionMakeItNotReadyUntilTheyAreBack() throws SQLException {
    List<Object[]> versions = schemaVersions();
    try {
      execute("delete from inbox_schema_version");

      Health behind = Health.get("ready");

      assertEquals(503, behind.status(), behind.body());
      assertEquals("DOWN", behind.checks().get("inbox-database"), behind.body());
      assertEquals("UP", Health.get("live").checks().get("inbox"));
    } finally {
      restore(versions);
    }
    Health back = Health.get("ready");
    assertEquals(200, back.status(), back.body());
  }

  private static Map<String, String> inboxChecks(Health health) {
    Map<String, String> inbox = new TreeMap<>(health.checks());
    inbox.keySet().removeIf(name -> !name.startsWith("inbox-"));
    return inbox;
  }

  /** One answer of a health endpoint: its status, and each check's name and status. */
  private record Health(int status, String body) {

    static Health get(String which) {
      Http.Response response = Http.get(Settings.ofServer().healthUrl() + "/" + which);
      return new Health(response.status(), response.body());
    }

    Map<String, String> checks() {
      Map<String, String> checks = new TreeMap<>();
      for (JsonValue check : json().getJsonArray("checks")) {
        checks.put(
            check.asJsonObject().getString("name"), check.asJsonObject().getString("status"));
      }
      return checks;
    }

    JsonObject data(String name) {
      for (JsonValue check : json().getJsonArray("checks")) {
        if (check.asJsonObject().getString("name").equals(name)) {
          return check.asJsonObject().getJsonObject("data");
        }
      }
      throw new AssertionError("No check " + name + " in " + body);
    }

    private JsonObject json() {
      try (JsonReader reader = Json.createReader(new StringReader(body))) {
        return reader.readObject();
      }
    }
  }

  private static List<Object[]> schemaVersions() throws SQLException {
    List<Object[]> rows = new ArrayList<>();
    try (Connection connection = dataSource().getConnection();
        Statement statement = connection.createStatement();
        ResultSet result =
            statement.executeQuery("select version, description from inbox_schema_version")) {
      while (result.next()) {
        rows.add(new Object[] {result.getInt(1), result.getString(2)});
      }
    }
    return rows;
  }

  private static void restore(List<Object[]> versions) throws SQLException {
    try (Connection connection = dataSource().getConnection();
        var insert =
            connection.prepareStatement(
                "insert into inbox_schema_version (version, description) values (?, ?)")) {
      for (Object[] row : versions) {
        insert.setInt(1, (Integer) row[0]);
        insert.setString(2, (String) row[1]);
        insert.executeUpdate();
      }
    }
  }

  private static void execute(String sql) throws SQLException {
    try (Connection connection = dataSource().getConnection();
        Statement statement = connection.createStatement()) {
      statement.executeUpdate(sql);
    }
  }

  private static DataSource dataSource() {
    for (String name : DATA_SOURCE_NAMES) {
      try {
        return InitialContext.doLookup(name);
      } catch (NamingException e) {
        // Not this server's name for it.
      }
    }
    throw new IllegalStateException("No inbox data source under " + DATA_SOURCE_NAMES);
  }
}
