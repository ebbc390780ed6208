package dev.inbox.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.Rows;
import dev.inbox.schema.InboxSchema;
import dev.inbox.testkit.Http;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * The server's health endpoints, as a load balancer or Kubernetes reads them: the inbox is live,
 * and ready while its database answers at the schema version it needs, its broker answers and its
 * retention works; tables behind that version make it not ready until they are back.
 */
@InboxTest
class HealthIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(HealthIT.class);
  }

  @Inject private Rows rows;

  @Test
  void theInboxIsLiveAndReadyWithItsDatabaseBrokerAndRetention() {
    Health live = Health.get("live");
    Health ready = Health.get("ready");

    assertEquals(200, live.status(), live.body());
    assertEquals("UP", live.check("inbox").getString("status"), live.body());
    assertEquals(200, ready.status(), ready.body());
    JsonObject inbox = ready.check("inbox");
    assertEquals("UP", inbox.getString("status"), ready.body());
    assertEquals(
        Map.of("database", "UP", "broker", "UP", "retention", "UP"),
        Map.of(
            "database", ready.data("inbox", "database"),
            "broker", ready.data("inbox", "broker"),
            "retention", ready.data("inbox", "retention")),
        ready.body());
    assertEquals(
        String.valueOf(InboxSchema.VERSION),
        ready.data("inbox", "database.schema-version"),
        ready.body());
    assertEquals("true", ready.data("inbox", "retention.watermarks-loaded"), ready.body());
  }

  @Test
  void tablesBehindTheSchemaVersionMakeItNotReadyUntilTheyAreBack() {
    List<Object[]> versions = rows.removeSchemaVersions();
    try {
      Health behind = Health.get("ready");

      assertEquals(503, behind.status(), behind.body());
      assertEquals("DOWN", behind.check("inbox").getString("status"), behind.body());
      assertEquals("DOWN", behind.data("inbox", "database"), behind.body());
      Health live = Health.get("live");
      assertEquals(200, live.status(), live.body());
    } catch (AssertionError | RuntimeException e) {
      restoreAfter(e, versions);
      throw e;
    }
    rows.restoreSchemaVersions(versions);
    Health back = Health.get("ready");
    assertEquals(200, back.status(), back.body());
  }

  /**
   * Puts the schema versions back after a failure, which stays the one reported: without them,
   * every later deployment of the cell would refuse to start.
   */
  private void restoreAfter(Throwable failure, List<Object[]> versions) {
    try {
      rows.restoreSchemaVersions(versions);
    } catch (RuntimeException e) {
      failure.addSuppressed(e);
    }
  }

  /** One answer of a health endpoint. */
  private record Health(int status, String body) {

    static Health get(String which) {
      Http.Response response = Http.get(Settings.ofServer().healthUrl() + "/" + which, "", "");
      return new Health(response.status(), response.body());
    }

    /**
     * A value of a check's data, as text: WildFly keeps numbers and booleans as they are, Payara
     * sends every value as a string.
     */
    String data(String check, String key) {
      JsonValue value = check(check).getJsonObject("data").get(key);
      if (value == null) {
        throw new AssertionError("No " + key + " in the data of check " + check + ": " + body);
      }
      return value instanceof JsonString text ? text.getString() : value.toString();
    }

    /** The check of that name, with its status and data. */
    JsonObject check(String name) {
      try (JsonReader reader = Json.createReader(new StringReader(body))) {
        for (JsonValue check : reader.readObject().getJsonArray("checks")) {
          if (check.asJsonObject().getString("name").equals(name)) {
            return check.asJsonObject();
          }
        }
      }
      throw new AssertionError("No check " + name + " in " + body);
    }
  }
}
