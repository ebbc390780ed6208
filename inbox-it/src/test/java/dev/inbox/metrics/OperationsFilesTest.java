package dev.inbox.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.OperationsFiles;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Map;
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

  @Test
  void everyQueryNamesAnInboxSeries() {
    for (String query : OperationsFiles.queries()) {
      assertTrue(query.contains("inbox_"), query);
    }
    assertTrue(OperationsFiles.seriesQueried().contains("inbox_collisions_total"));
  }
}
