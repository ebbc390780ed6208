package dev.inbox.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.awt.Color;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Turns the runs the benchmark wrote ({@code results-<cell>.json}) into what people read: a table
 * of each goal (docs/benchmarks.md) on the console and in {@code benchmark.md}, every sample in
 * {@code results.csv}, and a chart, {@code benchmark.png}. The benchmark runs it after each cell;
 * {@code main} runs it again on a directory of results.
 */
public final class Report {

  /** The throughput paths, in the order the chart shows them. */
  private static final List<String> PATHS =
      List.of(
          "broker",
          "database",
          "plain",
          "inbox",
          "duplicate",
          "stored-intake",
          "stored",
          "intake-without-sweep",
          "intake-during-sweep",
          "inbox-big-table");

  private Report() {}

  public static void main(String[] args) throws IOException {
    System.setProperty("java.awt.headless", "true");
    Path dir = Path.of(args.length > 0 ? args[0] : "target/bench");
    List<JsonObject> runs = read(dir);
    if (runs.isEmpty()) {
      System.out.println("No benchmark results in " + dir + ": did the benchmark run?");
      return;
    }
    writeCsv(runs, dir.resolve("results.csv"));
    writeChart(runs, dir.resolve("benchmark.png"));
    String markdown = markdown(runs);
    Files.writeString(dir.resolve("benchmark.md"), markdown);
    PrintStream out = System.out;
    out.println();
    out.println(markdown);
    out.println("Written: " + dir.resolve("benchmark.md") + ", results.csv, benchmark.png");
  }

  private static List<JsonObject> read(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<JsonObject> runs = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.sorted().toList()) {
        String name = file.getFileName().toString();
        if (name.startsWith("results-") && name.endsWith(".json")) {
          try (Reader in = Files.newBufferedReader(file);
              JsonReader json = Json.createReader(in)) {
            runs.add(json.readObject());
          }
        }
      }
    }
    return runs;
  }

  /** The goals (docs/benchmarks.md) for each run, with the figures and settings they came from. */
  static String markdown(List<JsonObject> runs) {
    StringBuilder md = new StringBuilder();
    for (JsonObject run : runs) {
      Map<String, Double> median = medians(run);
      boolean xa = run.getBoolean("xa");
      double ceiling = Math.min(median.get("broker"), median.get("database"));
      double inbox = median.get("inbox");
      md.append("### ").append(run.getString("cell")).append("\n\n");
      md.append(
          String.format(
              Locale.ROOT,
              "%s; %s; %s (%s); %d cores; Java %s; %s datasource; %d messages per pass, %d rounds"
                  + " after %d unrecorded, %d threads for the database ceiling; %s.%n%n",
              run.getString("server"),
              run.getString("broker"),
              run.getString("database"),
              run.getString("databaseSettings"),
              run.getInt("cores"),
              run.getString("java"),
              xa ? "XA" : "non-XA",
              run.getInt("messagesPerPass"),
              run.getInt("rounds"),
              run.getInt("warmUpRounds"),
              run.getInt("concurrency"),
              run.getString("startedAt")));
      md.append("| path | median per second |\n|---|---|\n");
      for (String path : PATHS) {
        if (median.containsKey(path)) {
          md.append(String.format(Locale.ROOT, "| %s | %.0f |%n", path, median.get(path)));
        }
      }
      md.append(
          String.format(
              Locale.ROOT, "| purge (rows, sweeper alone) | %.0f |%n%n", median.get("purge")));
      md.append("| goal | measured | target | met |\n|---|---|---|---|\n");
      goal(md, "1. inbox ÷ min(broker, database)", inbox / ceiling, xa ? 0.25 : 0.5, true);
      goal(md, "2. inbox ÷ plain MDB", inbox / median.get("plain"), 0.9, true);
      goal(md, "3. duplicate cost ÷ new cost", inbox / median.get("duplicate"), 0.5, false);
      goal(
          md,
          String.format(
              Locale.ROOT,
              "4. inbox at %,d rows ÷ just before the fill",
              run.getJsonNumber("bigTableRows").longValue()),
          median.get("inbox-big-table") / median.get("intake-without-sweep"),
          0.9,
          true);
      goal(
          md,
          "5. intake during sweep ÷ without",
          median.get("intake-during-sweep") / median.get("intake-without-sweep"),
          0.9,
          true);
      goal(md, "5. purge rows/s ÷ inbox messages/s", median.get("purge") / inbox, 3, true);
      md.append(latency(run, "latency", "6. latency", "the inbox's peak"));
      if (median.containsKey("stored")) {
        md.append(
            String.format(
                Locale.ROOT,
                "| 7. store-then-process: intake ÷ direct, end to end ÷ direct | %.2f, %.2f |"
                    + " reported | |%n",
                median.get("stored-intake") / inbox,
                median.get("stored") / inbox));
      }
      if (run.containsKey("storedLatencyP50Ms")) {
        md.append(
            latency(
                run,
                "storedLatency",
                "7. store-then-process latency, to the worker's commit,",
                "its end-to-end peak"));
      }
      md.append(String.format("%n"));
      List<String> notes =
          run.getJsonArray("samples").getValuesAs(JsonObject.class).stream()
              .filter(sample -> !sample.getString("note").isEmpty())
              .map(
                  sample ->
                      sample.getString("path")
                          + " round "
                          + sample.getInt("round")
                          + ": "
                          + sample.getString("note"))
              .toList();
      if (!notes.isEmpty()) {
        md.append("Notes: ").append(String.join("; ", notes)).append(".\n\n");
      }
    }
    return md.toString();
  }

  private static void goal(
      StringBuilder md, String name, double measured, double target, boolean atLeast) {
    boolean met = atLeast ? measured >= target : measured <= target;
    md.append(
        String.format(
            Locale.ROOT,
            "| %s | %.2f | %s %.2f | %s |%n",
            name,
            measured,
            atLeast ? "≥" : "≤",
            target,
            met ? "yes" : "**no**"));
  }

  /** Each path's median rate over its rounds. */
  static Map<String, Double> medians(JsonObject run) {
    Map<String, List<Double>> rates = new LinkedHashMap<>();
    for (JsonObject sample : run.getJsonArray("samples").getValuesAs(JsonObject.class)) {
      rates
          .computeIfAbsent(sample.getString("path"), path -> new ArrayList<>())
          .add(sample.getJsonNumber("perSecond").doubleValue());
    }
    Map<String, Double> medians = new LinkedHashMap<>();
    rates.forEach((path, values) -> medians.put(path, Results.median(values)));
    return medians;
  }

  private static void writeCsv(List<JsonObject> runs, Path file) throws IOException {
    StringBuilder csv = new StringBuilder("cell,xa,path,round,per_second,note\n");
    for (JsonObject run : runs) {
      for (JsonValue value : run.getJsonArray("samples")) {
        JsonObject sample = value.asJsonObject();
        csv.append(
            String.format(
                Locale.ROOT,
                "%s,%s,%s,%d,%.1f,\"%s\"%n",
                run.getString("cell"),
                run.getBoolean("xa"),
                sample.getString("path"),
                sample.getInt("round"),
                sample.getJsonNumber("perSecond").doubleValue(),
                sample.getString("note")));
      }
    }
    Files.writeString(file, csv);
  }

  private static void writeChart(List<JsonObject> runs, Path file) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    StringBuilder machine = new StringBuilder();
    for (JsonObject run : runs) {
      Map<String, Double> median = medians(run);
      for (String path : PATHS) {
        if (!median.containsKey(path)) {
          continue;
        }
        data.addValue(median.get(path), run.getString("cell"), path);
      }
      machine = new StringBuilder(run.getInt("cores") + " cores, " + run.getString("database"));
    }
    JFreeChart chart =
        ChartFactory.createBarChart(
            "Inbox benchmark: median messages (transactions) per second, " + machine,
            "path",
            "per second",
            data,
            PlotOrientation.VERTICAL,
            true,
            false,
            false);
    chart.setBackgroundPaint(Color.WHITE);
    try {
      ChartUtils.saveChartAsPNG(file.toFile(), chart, 1200, 600);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the chart " + file, e);
    }
  }

  /** A latency line of the goals' table, from the results named from the key. */
  private static String latency(JsonObject run, String key, String what, String peak) {
    return String.format(
        Locale.ROOT,
        "| %s at %.0f/s (half %s; sent at %.0f/s, %d messages) |"
            + " p50 %.1f ms, p99 %.1f ms, max %.1f ms | reported | |%n",
        what,
        run.getJsonNumber(key + "TargetPerSecond").doubleValue(),
        peak,
        run.getJsonNumber(key + "SentPerSecond").doubleValue(),
        run.getJsonNumber(key + "Messages").longValue(),
        run.getJsonNumber(key + "P50Ms").doubleValue(),
        run.getJsonNumber(key + "P99Ms").doubleValue(),
        run.getJsonNumber(key + "MaxMs").doubleValue());
  }
}
