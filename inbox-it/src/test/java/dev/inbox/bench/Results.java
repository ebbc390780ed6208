package dev.inbox.bench;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;
import jakarta.json.JsonWriterFactory;
import jakarta.json.stream.JsonGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What one run measured, with the machine and settings it came from, written as {@code
 * results-<cell>.json} for the report.
 */
public final class Results {

  private final JsonObjectBuilder run = Json.createObjectBuilder();
  private final JsonArrayBuilder samples = Json.createArrayBuilder();
  private final Map<String, List<Double>> rates = new java.util.HashMap<>();

  Results(BenchConfig config, String database, String databaseSettings) {
    run.add("cell", config.cell())
        .add("xa", config.cell().endsWith("-xa"))
        .add("server", config.server())
        .add("broker", config.broker())
        .add("database", database)
        .add("databaseSettings", databaseSettings)
        .add("cores", Runtime.getRuntime().availableProcessors())
        .add("java", Runtime.version().toString())
        .add("os", System.getProperty("os.name") + " " + System.getProperty("os.version"))
        .add("startedAt", Instant.now().toString())
        .add("messagesPerPass", config.messages())
        .add("rounds", config.rounds())
        .add("warmUpRoundsAtMost", config.warmUpRounds())
        .add("warmUpTolerancePercent", config.warmUpTolerance())
        .add("concurrency", config.concurrency())
        .add("idKind", config.idKind().property())
        .add("bigCheckpoints", config.bigCheckpoints());
  }

  /** One measured pass of a path: its rate, per second. */
  void sample(String path, int round, double perSecond, String note) {
    add(path, perSecond, json(path, round, perSecond, note));
  }

  /** One measured pass of a path: its rate, per second, and what each message cost. */
  void sample(String path, int round, Pass pass) {
    add(path, pass.perSecond(), json(path, round, pass));
  }

  /**
   * One measured pass of a path, as above, with the checkpoints the database had begun since its
   * phase started when the pass ended.
   */
  void sample(String path, int round, Pass pass, long checkpointsBegun) {
    add(path, pass.perSecond(), json(path, round, pass).add("checkpointsBegun", checkpointsBegun));
  }

  private void add(String path, double perSecond, JsonObjectBuilder sample) {
    samples.add(sample);
    rates.computeIfAbsent(path, key -> new ArrayList<>()).add(perSecond);
  }

  private static JsonObjectBuilder json(String path, int round, Pass pass) {
    JsonObjectBuilder sample = json(path, round, pass.perSecond(), "");
    pass.usage().ifPresent(usage -> sample.add("perMessage", usage.toJson()));
    return sample;
  }

  private static JsonObjectBuilder json(String path, int round, double perSecond, String note) {
    return Json.createObjectBuilder()
        .add("path", path)
        .add("round", round)
        .add("perSecond", Math.round(perSecond * 10) / 10.0)
        .add("note", note);
  }

  /** The median of a path's rates so far. */
  double median(String path) {
    List<Double> values = rates.getOrDefault(path, List.of());
    if (values.isEmpty()) {
      throw new IllegalStateException("No sample of " + path + " yet");
    }
    return median(values);
  }

  /** The median of some values, for the harnesses and the report alike. */
  public static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int middle = sorted.size() / 2;
    return sorted.size() % 2 == 1
        ? sorted.get(middle)
        : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
  }

  void put(String key, long value) {
    run.add(key, value);
  }

  void put(String key, double value) {
    run.add(key, Math.round(value * 100) / 100.0);
  }

  void put(String key, JsonValue value) {
    run.add(key, value);
  }

  void put(String key, String value) {
    run.add(key, value);
  }

  /** Writes the run to the output directory, next to other cells' runs. */
  Path write(String directory, String cell) {
    run.add("samples", samples).add("finishedAt", Instant.now().toString());
    JsonWriterFactory pretty =
        Json.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true));
    try {
      Path dir = Files.createDirectories(Path.of(directory));
      Path file = dir.resolve("results-" + cell + ".json");
      try (Writer out = Files.newBufferedWriter(file);
          JsonWriter json = pretty.createWriter(out)) {
        json.writeObject(run.build());
      }
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the benchmark's results to " + directory, e);
    }
  }
}
