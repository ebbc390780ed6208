package dev.inbox.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.OperationsFiles;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The alert rules and the dashboard parse, and have the shape Prometheus and Grafana read. That
 * every series they query is really exported is checked against the server (MetricsIT); the rules'
 * PromQL is checked by promtool in .ci/run.
 */
class OperationsFilesTest {

  @Test
  @SuppressWarnings("unchecked")
  void everyAlertRuleHasANameAnExpressionASeverityAndASummary() {
    List<Map<String, Object>> rules = OperationsFiles.alertRules();
    assertFalse(rules.isEmpty(), "alert rules");
    for (Map<String, Object> rule : rules) {
      String alert = (String) rule.get("alert");
      assertNotNull(alert, "an alert name in " + rule);
      assertTrue(String.valueOf(rule.get("expr")).contains("inbox_"), alert + " queries inbox");
      assertNotNull(((Map<String, Object>) rule.get("labels")).get("severity"), alert);
      assertNotNull(((Map<String, Object>) rule.get("annotations")).get("summary"), alert);
    }
  }

  @Test
  void everyDashboardPanelHasATitleAndQueries() {
    JsonObject dashboard = OperationsFiles.dashboard();
    assertEquals("inbox", dashboard.getString("uid"));
    List<JsonValue> panels = dashboard.getJsonArray("panels");
    assertFalse(panels.isEmpty(), "panels");
    for (JsonValue panel : panels) {
      JsonObject object = panel.asJsonObject();
      assertFalse(object.getString("title").isBlank(), "a panel title");
      assertFalse(object.getJsonArray("targets").isEmpty(), object.getString("title"));
    }
  }

  /** What Grafana needs to import the dashboard and draw it as meant. */
  @Test
  void theDashboardImportsIntoGrafana() {
    JsonObject dashboard = OperationsFiles.dashboard();
    JsonObject variable =
        dashboard.getJsonObject("templating").getJsonArray("list").get(0).asJsonObject();
    assertEquals("datasource", variable.getString("name"), "the data source variable");
    assertEquals("datasource", variable.getString("type"));
    assertEquals("prometheus", variable.getString("query"));
    assertTrue(dashboard.containsKey("schemaVersion"), "schemaVersion");

    Set<Integer> ids = new HashSet<>();
    List<JsonObject> panels =
        dashboard.getJsonArray("panels").stream().map(JsonValue::asJsonObject).toList();
    for (JsonObject panel : panels) {
      String title = panel.getString("title");
      assertTrue(ids.add(panel.getInt("id")), "a panel id of its own: " + title);
      assertTrue(
          PANEL_TYPES.contains(panel.getString("type")), title + " has a Grafana panel type");
      assertEquals("${datasource}", panel.getJsonObject("datasource").getString("uid"), title);
      for (JsonValue target : panel.getJsonArray("targets")) {
        JsonObject query = target.asJsonObject();
        assertEquals(
            "${datasource}", query.getJsonObject("datasource").getString("uid"), title + " query");
        assertFalse(query.getString("refId").isBlank(), title + " query refId");
      }
      JsonObject grid = panel.getJsonObject("gridPos");
      int x = grid.getInt("x");
      int w = grid.getInt("w");
      assertTrue(x >= 0 && w > 0 && x + w <= 24, title + " inside the 24 columns: " + grid);
      assertTrue(grid.getInt("y") >= 0 && grid.getInt("h") > 0, title + ": " + grid);
    }
    for (JsonObject one : panels) {
      for (JsonObject other : panels) {
        if (one != other) {
          assertFalse(
              overlap(one.getJsonObject("gridPos"), other.getJsonObject("gridPos")),
              one.getString("title") + " overlaps " + other.getString("title"));
        }
      }
    }
  }

  private static final Set<String> PANEL_TYPES =
      Set.of("timeseries", "stat", "gauge", "bargauge", "table", "text");

  private static boolean overlap(JsonObject a, JsonObject b) {
    return a.getInt("x") < b.getInt("x") + b.getInt("w")
        && b.getInt("x") < a.getInt("x") + a.getInt("w")
        && a.getInt("y") < b.getInt("y") + b.getInt("h")
        && b.getInt("y") < a.getInt("y") + a.getInt("h");
  }

  @Test
  void everyQueryNamesAnInboxSeries() {
    for (String query : OperationsFiles.queries()) {
      assertTrue(query.contains("inbox_"), query);
    }
    assertTrue(OperationsFiles.seriesQueried().contains("inbox_collisions_total"));
  }
}
