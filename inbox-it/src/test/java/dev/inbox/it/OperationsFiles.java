package dev.inbox.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.Yaml;

/**
 * The operations files an admin installs (docs/operations: Prometheus alert rules, a Grafana
 * dashboard), parsed, and the inbox series their queries name. The tests read them from the class
 * path: the build copies them there, and the test deployment carries them into the server.
 */
public final class OperationsFiles {

  public static final String ALERT_RULES = "operations/prometheus-alerts.yml";
  public static final String DASHBOARD = "operations/grafana-dashboard.json";

  private static final Pattern SERIES = Pattern.compile("\\binbox_[a-z_]+\\b");

  private OperationsFiles() {}

  /** The alert rules, as Prometheus reads them. */
  @SuppressWarnings("unchecked")
  public static List<Map<String, Object>> alertRules() {
    Map<String, Object> file = new Yaml().load(read(ALERT_RULES));
    List<Map<String, Object>> rules = new ArrayList<>();
    for (Map<String, Object> group : (List<Map<String, Object>>) file.get("groups")) {
      rules.addAll((List<Map<String, Object>>) group.get("rules"));
    }
    return rules;
  }

  /** The dashboard, as Grafana reads it. */
  public static JsonObject dashboard() {
    try (JsonReader reader = Json.createReader(new StringReader(read(DASHBOARD)))) {
      return reader.readObject();
    }
  }

  /** Every query of the rules and of the dashboard's panels. */
  public static List<String> queries() {
    List<String> queries = new ArrayList<>();
    alertRules().forEach(rule -> queries.add(String.valueOf(rule.get("expr"))));
    for (JsonValue panel : dashboard().getJsonArray("panels")) {
      for (JsonValue target : panel.asJsonObject().getJsonArray("targets")) {
        queries.add(target.asJsonObject().getString("expr"));
      }
    }
    return queries;
  }

  /** Every inbox series the queries name. */
  public static Set<String> seriesQueried() {
    Set<String> names = new TreeSet<>();
    for (String query : queries()) {
      Matcher series = SERIES.matcher(query);
      while (series.find()) {
        names.add(series.group());
      }
    }
    return names;
  }

  private static String read(String resource) {
    try (InputStream in = OperationsFiles.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + " is not on the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
