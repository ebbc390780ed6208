package dev.inbox.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Turns the runs the benchmark wrote ({@code results-<cell>.json}) into what people read: a table
 * of each goal (docs/benchmarks.md) on the console and in {@code benchmark.md}, every sample in
 * {@code results.csv}, and a chart, {@code benchmark.png}. The benchmark runs it after each cell;
 * {@code main} runs it again on a directory of results.
 */
public final class Report {

  /** The throughput paths, in the order the chart shows them. */
  static final List<String> PATHS =
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
          "inbox-small-before",
          "inbox-big-table",
          "inbox-small-after");

  /** A payload-size pass's path: which MDB, and the body's size in bytes. */
  static final Pattern PAYLOAD_PATH = Pattern.compile("(inbox|plain)-payload-(\\d+)");

  /** A fan-out pass's path: the consumers of its type. */
  private static final Pattern FAN_OUT_PATH = Pattern.compile("fan-out-(\\d+)");

  private static final int MIB = 1024 * 1024;

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
    Map<Boolean, List<JsonObject>> bySeries =
        runs.stream().collect(Collectors.partitioningBy(Report::roundsOnly));
    List<JsonObject> cells = bySeries.get(false);
    List<JsonObject> series = bySeries.get(true);
    if (!cells.isEmpty()) {
      Charts.throughput(cells, dir.resolve("benchmark.png"));
      Charts.latency(cells, dir.resolve("latency.png"));
      Charts.payloadSizes(cells, dir.resolve("payload-sizes.png"));
    }
    if (!series.isEmpty()) {
      Charts.concurrency(series, dir.resolve("concurrency.png"));
    }
    String markdown = markdown(cells) + concurrency(series);
    Files.writeString(dir.resolve("benchmark.md"), markdown);
    PrintStream out = System.out;
    out.println();
    out.println(markdown);
    out.println(
        "Written: "
            + dir.resolve("benchmark.md")
            + ", results.csv and, where the runs measured them, benchmark.png, latency.png,"
            + " payload-sizes.png and concurrency.png");
  }

  /** A run of the concurrency series: its rounds at one MDB concurrency, nothing after them. */
  static boolean roundsOnly(JsonObject run) {
    return run.containsKey("roundsOnly");
  }

  /**
   * The concurrency series, a table per cell: each path's median rate at each number of deliveries
   * at once, and the inbox against the plain MDB round by round.
   */
  static String concurrency(List<JsonObject> series) {
    StringBuilder md = new StringBuilder();
    byCell(series)
        .forEach(
            (cell, runs) -> {
              md.append("### ").append(cell).append(": throughput against concurrency\n\n");
              md.append(
                  "| deliveries at once | inbox | plain MDB | inbox ÷ plain, median of the rounds'"
                      + " ratios (lowest–highest) | duplicates | broker alone | database alone |\n"
                      + "|---|---|---|---|---|---|---|\n");
              for (JsonObject run : runs) {
                Map<String, Double> median = medians(run);
                md.append(
                    String.format(
                        Locale.ROOT,
                        "| %s | %.0f | %.0f | %s | %.0f | %.0f | %.0f |%n",
                        deliveries(run),
                        median.get("inbox"),
                        median.get("plain"),
                        paired(rounds(run), "inbox", "plain"),
                        median.get("duplicate"),
                        median.get("broker"),
                        median.get("database")));
              }
              JsonObject last = runs.get(runs.size() - 1);
              md.append(
                  String.format(
                      Locale.ROOT,
                      "%nMessages per second, each row from a run of its own (%s; %d messages per pass,"
                          + " %d rounds after %s); the database's ceiling runs as many threads as the"
                          + " inbox MDB's deliveries.%n%n",
                      last.getString("server"),
                      last.getInt("messagesPerPass"),
                      last.getInt("rounds"),
                      warmUp(last)));
            });
    return md.toString();
  }

  /** The inbox MDB's deliveries at once, with its pool and sessions where the server said. */
  private static String deliveries(JsonObject run) {
    if (!run.containsKey("inboxMdb")) {
      return String.valueOf(run.getInt("concurrency"));
    }
    JsonObject mdb = run.getJsonObject("inboxMdb");
    return "%d (pool %d, sessions %d)"
        .formatted(mdb.getInt("deliveries"), mdb.getInt("poolMaxSize"), mdb.getInt("maxSession"));
  }

  /** The runs of a series by cell, each cell's by their deliveries at once, fewest first. */
  static Map<String, List<JsonObject>> byCell(List<JsonObject> series) {
    return series.stream()
        .sorted(Comparator.comparingInt(run -> run.getInt("concurrency")))
        .collect(
            Collectors.groupingBy(run -> run.getString("cell"), TreeMap::new, Collectors.toList()));
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
      Map<String, List<Double>> rates = rates(run);
      Map<String, Double> median = medians(run);
      Map<Integer, Map<String, Double>> rounds = rounds(run);
      Map<String, List<JsonObject>> costs = costs(run);
      boolean xa = run.getBoolean("xa");
      double inbox = median.get("inbox");
      md.append("### ").append(run.getString("cell")).append("\n\n");
      md.append(
          String.format(
              Locale.ROOT,
              "%s; %s; %s (%s); %d cores; Java %s; %s datasource; %s message ids; %d messages per"
                  + " pass, %d rounds after %s, %d threads for the database ceiling%s; %s.%n%n",
              run.getString("server"),
              run.getString("broker"),
              run.getString("database"),
              run.getString("databaseSettings"),
              run.getInt("cores"),
              run.getString("java"),
              xa ? "XA" : "non-XA",
              idKind(run),
              run.getInt("messagesPerPass"),
              run.getInt("rounds"),
              warmUp(run),
              run.getInt("concurrency"),
              concurrency(run),
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
      md.append(usage(costs));
      md.append(
          "| goal | measured: median of the rounds' ratios (lowest–highest) | target | met |\n"
              + "|---|---|---|---|\n");
      goal(
          md,
          "1. inbox ÷ min(broker, database)",
          paired(
              rounds,
              round -> round.get("inbox") / Math.min(round.get("broker"), round.get("database")),
              "inbox",
              "broker",
              "database"),
          xa ? 0.25 : 0.5,
          true);
      md.append(twoResourceBound(rounds, "inbox"));
      md.append(twoResourceBound(rounds, "plain"));
      goal(md, "2. inbox ÷ plain MDB", paired(rounds, "inbox", "plain"), 0.9, true);
      goal(md, "3. duplicate cost ÷ new cost", paired(rounds, "inbox", "duplicate"), 0.35, false);
      bigTable(md, run, rates);
      goal(
          md,
          "5. intake during sweep ÷ without",
          paired(rounds, "intake-during-sweep", "intake-without-sweep"),
          0.9,
          true);
      goal(
          md,
          "5. purge rows/s ÷ inbox messages/s",
          Paired.of(median.get("purge") / inbox),
          3,
          true);
      md.append(latency(run, "latency", "6. latency", "the inbox's peak"));
      if (run.containsKey("plainLatencyP50Ms")) {
        md.append(latency(run, "plainLatency", "6. the plain MDB's latency", "the inbox's peak"));
      }
      if (median.containsKey("stored")) {
        md.append(
            String.format(
                Locale.ROOT,
                "| 7. store-then-process: intake ÷ direct, end to end ÷ direct | %s, %s |"
                    + " reported | |%n",
                paired(rounds, "stored-intake", "inbox"),
                paired(rounds, "stored", "inbox")));
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
      md.append(tableSize(run, rates));
      md.append(payloadSizes(run, costs, rates, rounds));
      md.append(fanOut(costs, rates, rounds));
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

  /**
   * A path against the bound of two resources committing together on these cores, computed in each
   * round from its two ceilings: a message that needs a broker receive and a database two-row
   * commit pays both ceilings' time per message, 1 ÷ broker + 1 ÷ database, where the server, the
   * broker and the database share the cores. It leaves out what coordinating the two costs (the
   * broker's prepare, the transaction manager's log), which every MDB that writes to the database
   * pays.
   */
  private static String twoResourceBound(Map<Integer, Map<String, Double>> rounds, String path) {
    Paired ratio =
        paired(
            rounds,
            round -> round.get(path) * (1 / round.get("broker") + 1 / round.get("database")),
            path,
            "broker",
            "database");
    return Double.isNaN(ratio.median())
        ? ""
        : String.format(
            Locale.ROOT,
            "| 1. %s ÷ the two-resource bound, 1 ÷ (1 ÷ broker + 1 ÷ database) | %s | reported |"
                + " |%n",
            path.equals("plain") ? "plain MDB" : path,
            ratio);
  }

  private static void goal(
      StringBuilder md, String name, Paired measured, double target, boolean atLeast) {
    // Judged on the figure as printed: a 0.351 shown as 0.35 meets a target of 0.35.
    double shown = Math.round(measured.median() * 100) / 100.0;
    boolean met = atLeast ? shown >= target : shown <= target;
    md.append(
        String.format(
            Locale.ROOT,
            "| %s | %s | %s %.2f | %s |%n",
            name,
            measured,
            atLeast ? "≥" : "≤",
            target,
            met ? "yes" : "**no**"));
  }

  /**
   * A ratio taken round by round, from the passes of one round: the median of the rounds' ratios
   * and their range. Where only one figure exists (a single pass), all three are that figure.
   */
  record Paired(double median, double lowest, double highest) {

    static Paired of(double only) {
      return new Paired(only, only, only);
    }

    /** The median of the ratios and their range; not a number where there are none. */
    static Paired of(List<Double> ratios) {
      if (ratios.isEmpty()) {
        return of(Double.NaN);
      }
      return new Paired(
          Results.median(ratios),
          ratios.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
          ratios.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
    }

    @Override
    public String toString() {
      return lowest == highest
          ? String.format(Locale.ROOT, "%.2f", median)
          : String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", median, lowest, highest);
    }
  }

  /**
   * Goal 4: each pass on the big table against the median of the small table's just before the
   * fill, and the small table's again after it, which shows the machine's drift. The phases ran one
   * after the other, not round by round, so each pass is set against the other phase's median. Runs
   * from before the phases compared the medians of the big table's passes and of the passes without
   * a sweep.
   */
  private static void bigTable(StringBuilder md, JsonObject run, Map<String, List<Double>> rates) {
    String name =
        String.format(
            Locale.ROOT,
            "4. inbox at %,d rows (%s message ids) ÷ the small table's just before the fill",
            run.getJsonNumber("bigTableRows").longValue(),
            idKind(run));
    if (!rates.containsKey("inbox-small-before")) {
      goal(
          md,
          name,
          Paired.of(
              Results.median(rates.get("inbox-big-table"))
                  / Results.median(rates.get("intake-without-sweep"))),
          0.9,
          true);
      return;
    }
    goal(md, name, againstMedian(rates, "inbox-big-table", "inbox-small-before"), 0.9, true);
    md.append(
        String.format(
            Locale.ROOT,
            "| 4. the small table again, after the fill's rows were removed, ÷ before the fill"
                + " (the machine's drift) | %s | reported | |%n",
            againstMedian(rates, "inbox-small-after", "inbox-small-before")));
  }

  /**
   * Each pass of a path against the median of another's: the median of the ratios and their range.
   */
  static Paired againstMedian(Map<String, List<Double>> rates, String path, String baseline) {
    double base = Results.median(rates.get(baseline));
    return Paired.of(rates.get(path).stream().map(rate -> rate / base).toList());
  }

  /** The ratio of two paths' rates, round by round. */
  static Paired paired(
      Map<Integer, Map<String, Double>> rounds, String numerator, String denominator) {
    return paired(
        rounds, round -> round.get(numerator) / round.get(denominator), numerator, denominator);
  }

  /**
   * The ratio in every round that has all the paths it takes (a run written before a path existed
   * has rounds without it).
   */
  static Paired paired(
      Map<Integer, Map<String, Double>> rounds,
      ToDoubleFunction<Map<String, Double>> ratio,
      String... paths) {
    List<Double> ratios = new ArrayList<>();
    for (Map<String, Double> round : rounds.values()) {
      if (round.keySet().containsAll(List.of(paths))) {
        ratios.add(ratio.applyAsDouble(round));
      }
    }
    return Paired.of(ratios);
  }

  /** Each round's rate of each path, by round. */
  static Map<Integer, Map<String, Double>> rounds(JsonObject run) {
    Map<Integer, Map<String, Double>> rounds = new TreeMap<>();
    for (JsonObject sample : run.getJsonArray("samples").getValuesAs(JsonObject.class)) {
      rounds
          .computeIfAbsent(sample.getInt("round"), round -> new LinkedHashMap<>())
          .put(sample.getString("path"), sample.getJsonNumber("perSecond").doubleValue());
    }
    return rounds;
  }

  /**
   * Where the ceiling's threads came from: the inbox MDB's deliveries at once as the server
   * reported them, with the plain MDB's; nothing for runs from before it was read.
   */
  private static String concurrency(JsonObject run) {
    if (!run.containsKey("inboxMdb")) {
      return run.containsKey("concurrencyReadFromServer")
          ? " (bench.concurrency: the server did not say)"
          : "";
    }
    return " (as many as the inbox MDB's deliveries at once, read from the server: "
        + mdb(run.getJsonObject("inboxMdb"))
        + (run.containsKey("plainMdb")
            ? "; the plain MDB's: " + mdb(run.getJsonObject("plainMdb"))
            : "")
        + ")";
  }

  private static String mdb(JsonObject figures) {
    return "%d, the smaller of its pool's %d instances and its %d sessions"
        .formatted(
            figures.getInt("deliveries"),
            figures.getInt("poolMaxSize"),
            figures.getInt("maxSession"));
  }

  /** How the warm-up went: how many rounds, and whether the last two agreed. */
  private static String warmUp(JsonObject run) {
    if (!run.containsKey("warmUpAgreed")) {
      return run.getInt("warmUpRounds") + " unrecorded";
    }
    return String.format(
        Locale.ROOT,
        "%d unrecorded (%s)",
        run.getInt("warmUpRounds"),
        run.getString("warmUpAgreed").equals("yes")
            ? "the last two agreed within " + run.getInt("warmUpTolerancePercent") + " %"
            : "stopped at the most allowed, the last two not within "
                + run.getInt("warmUpTolerancePercent")
                + " %");
  }

  /** What each message cost, per path, pass by pass; no path for runs that did not record it. */
  private static Map<String, List<JsonObject>> costs(JsonObject run) {
    Map<String, List<JsonObject>> costs = new LinkedHashMap<>();
    for (JsonObject sample : run.getJsonArray("samples").getValuesAs(JsonObject.class)) {
      if (sample.containsKey("perMessage")) {
        costs
            .computeIfAbsent(sample.getString("path"), path -> new ArrayList<>())
            .add(sample.getJsonObject("perMessage"));
      }
    }
    return costs;
  }

  /** What each message cost, per path: the median of its rounds. Empty for runs without it. */
  private static String usage(Map<String, List<JsonObject>> costs) {
    if (costs.isEmpty()) {
      return "";
    }
    StringBuilder md =
        new StringBuilder(
            "| path, per message (median of the rounds) | server CPU µs | heap KiB | database"
                + " transactions | statements | WAL (redo) bytes |\n|---|---|---|---|---|---|\n");
    for (String path : PATHS) {
      List<JsonObject> passes = costs.get(path);
      if (passes == null) {
        continue;
      }
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %.0f | %.1f | %s | %s | %.0f |%n",
              path,
              medianOf(passes, "cpuMicros"),
              medianOf(passes, "heapKib"),
              counted(passes, "transactions"),
              counted(passes, "statements"),
              medianOf(passes, "walBytes")));
    }
    return md.append("\n").toString();
  }

  /** The median of a count every pass has, or why there is none. */
  private static String counted(List<JsonObject> passes, String key) {
    return passes.stream().allMatch(pass -> pass.containsKey(key))
        ? String.format(Locale.ROOT, "%.2f", medianOf(passes, key))
        : "not counted";
  }

  private static double medianOf(List<JsonObject> passes, String key) {
    return Results.median(
        passes.stream().map(pass -> pass.getJsonNumber(key).doubleValue()).toList());
  }

  /** Each path's median rate over its rounds. */
  static Map<String, Double> medians(JsonObject run) {
    Map<String, Double> medians = new LinkedHashMap<>();
    rates(run).forEach((path, values) -> medians.put(path, Results.median(values)));
    return medians;
  }

  /** Each path's rates, in the order its passes ran. */
  static Map<String, List<Double>> rates(JsonObject run) {
    Map<String, List<Double>> rates = new LinkedHashMap<>();
    for (JsonObject sample : run.getJsonArray("samples").getValuesAs(JsonObject.class)) {
      rates
          .computeIfAbsent(sample.getString("path"), path -> new ArrayList<>())
          .add(sample.getJsonNumber("perSecond").doubleValue());
    }
    return rates;
  }

  /** How the run made its message ids; runs from before it had kinds made sequential ones. */
  private static String idKind(JsonObject run) {
    return run.getString("idKind", MessageIds.Kind.SEQUENTIAL.property());
  }

  /**
   * The table-size phases in the order they ran, pass by pass in groups: the small table before the
   * fill, the big table by the checkpoints begun in its phase when each pass ended, the small table
   * again. Empty for runs from before the phases.
   */
  private static String tableSize(JsonObject run, Map<String, List<Double>> rates) {
    if (!rates.containsKey("inbox-small-before")) {
      return "";
    }
    double before = Results.median(rates.get("inbox-small-before"));
    Map<String, List<JsonObject>> phases = new LinkedHashMap<>();
    for (JsonObject sample : run.getJsonArray("samples").getValuesAs(JsonObject.class)) {
      String phase = phase(run, sample);
      if (phase != null) {
        phases.computeIfAbsent(phase, name -> new ArrayList<>()).add(sample);
      }
    }
    StringBuilder md =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "Table size, %s message ids: %s; %s.%s%n%n"
                    + "| phase | passes | median per second | each pass ÷ the small table's median"
                    + " before the fill | WAL (redo) bytes per message, median |%n|---|---|---|---|---|%n",
                idKind(run),
                // Older runs did not record it; they ran on PostgreSQL, which writes one.
                run.getString("phasesFromCheckpoint", "yes").equals("yes")
                    ? "each phase from a checkpoint of its own"
                    : "no checkpoint before each phase (the database has no statement for it)",
                checkpoints(run),
                nothingFilled(run)));
    phases.forEach(
        (phase, passes) ->
            md.append(
                String.format(
                    Locale.ROOT,
                    "| %s | %d | %.0f | %s | %s |%n",
                    phase,
                    passes.size(),
                    Results.median(perSecond(passes)),
                    Paired.of(perSecond(passes).stream().map(rate -> rate / before).toList()),
                    walBytes(passes))));
    return md.append(String.format("%n")).toString();
  }

  /**
   * The payload-size passes, by body size: the inbox's and the plain MDB's rates, the inbox ÷ plain
   * MDB round by round, and what a message cost each (server CPU; heap allocated by the server's
   * threads, the broker's included where it runs in the server, also against the body's size); then
   * the heap goal at the largest body of at least 1 MiB. Empty for runs without them.
   */
  private static String payloadSizes(
      JsonObject run,
      Map<String, List<JsonObject>> costsByPath,
      Map<String, List<Double>> rates,
      Map<Integer, Map<String, Double>> rounds) {
    Map<Integer, Map<String, List<JsonObject>>> costs = new TreeMap<>();
    costsByPath.forEach(
        (path, passes) -> {
          Matcher payload = PAYLOAD_PATH.matcher(path);
          if (payload.matches()) {
            costs
                .computeIfAbsent(Integer.valueOf(payload.group(2)), size -> new LinkedHashMap<>())
                .put(payload.group(1), passes);
          }
        });
    if (costs.isEmpty()) {
      return "";
    }
    StringBuilder md =
        new StringBuilder(
            "Payload size: the inbox and the plain MDB on bodies of each size, in rounds that"
                + " alternate which goes first. Heap is what the server's threads allocated per"
                + " message, the broker's included where it runs in the server.\n\n"
                + "| body | messages per pass | inbox per second | plain MDB per second | inbox ÷"
                + " plain MDB | CPU µs, inbox / plain | heap KiB, inbox / plain | inbox heap ÷ body"
                + " |\n|---|---|---|---|---|---|---|---|\n");
    costs.forEach(
        (size, paths) -> {
          String inbox = "inbox-payload-" + size;
          String plain = "plain-payload-" + size;
          md.append(
              String.format(
                  Locale.ROOT,
                  "| %s | %d | %.0f | %.0f | %s | %.0f / %.0f | %.1f / %.1f | %s |%n",
                  bytes(size),
                  run.getInt("payloadMessages" + size),
                  Results.median(rates.get(inbox)),
                  Results.median(rates.get(plain)),
                  paired(rounds, inbox, plain),
                  medianOf(paths.get("inbox"), "cpuMicros"),
                  medianOf(paths.get("plain"), "cpuMicros"),
                  medianOf(paths.get("inbox"), "heapKib"),
                  medianOf(paths.get("plain"), "heapKib"),
                  heapPerBody(paths.get("inbox"), size)));
        });
    md.append(String.format("%n"));
    costs.keySet().stream()
        .filter(size -> size >= MIB)
        .reduce((smaller, larger) -> larger)
        .ifPresent(
            size -> {
              md.append(
                  "| goal | measured: median of the passes (lowest–highest) | target | met |\n");
              md.append("|---|---|---|---|\n");
              goal(
                  md,
                  "heap per " + bytes(size) + " message ÷ body size, inbox",
                  heapPerBody(costs.get(size).get("inbox"), size),
                  4,
                  false);
              md.append(String.format("%n"));
            });
    return md.toString();
  }

  /**
   * The fan-out passes: a message of a type with one, two and four consumers, and what each
   * consumer after the first adds to it, round by round, against the message with one: in time, (1
   * ÷ rate(n) − 1 ÷ rate(1)) ÷ (n − 1) ÷ (1 ÷ rate(1)), and in server CPU alike. The goal is judged
   * on time at the most consumers. Empty for runs without them.
   */
  private static String fanOut(
      Map<String, List<JsonObject>> costsByPath,
      Map<String, List<Double>> rates,
      Map<Integer, Map<String, Double>> rounds) {
    TreeMap<Integer, List<JsonObject>> costs = new TreeMap<>();
    costsByPath.forEach(
        (path, passes) -> {
          Matcher fan = FAN_OUT_PATH.matcher(path);
          if (fan.matches()) {
            costs.put(Integer.valueOf(fan.group(1)), passes);
          }
        });
    if (!costs.containsKey(1) || costs.size() < 2) {
      return "";
    }
    double oneCpu = medianOf(costs.get(1), "cpuMicros");
    StringBuilder md =
        new StringBuilder(
            "Fan-out: a message of a type with one, two and four consumers, each consumer writing"
                + " its inbox row and its business row, in rounds that rotate which goes first.\n\n"
                + "| consumers | messages per second | server CPU µs per message | statements per"
                + " message | each extra consumer ÷ one consumer's message, time | the same, CPU"
                + " |\n|---|---|---|---|---|---|\n");
    costs.forEach(
        (consumers, passes) -> {
          double cpu = medianOf(passes, "cpuMicros");
          md.append(
              String.format(
                  Locale.ROOT,
                  "| %d | %.0f | %.0f | %s | %s | %s |%n",
                  consumers,
                  Results.median(rates.get("fan-out-" + consumers)),
                  cpu,
                  counted(passes, "statements"),
                  consumers == 1 ? "" : extraConsumer(rounds, consumers),
                  consumers == 1
                      ? ""
                      : String.format(
                          Locale.ROOT, "%.2f", (cpu - oneCpu) / (consumers - 1) / oneCpu)));
        });
    int most = costs.lastKey();
    md.append(
        String.format(
            "%n| goal | measured: median of the rounds' ratios (lowest–highest) | target | met |%n"
                + "|---|---|---|---|%n"));
    goal(
        md,
        "each extra consumer ÷ one consumer's message, time, at " + most + " consumers",
        extraConsumer(rounds, most),
        0.5,
        false);
    return md.append(String.format("%n")).toString();
  }

  /** What each consumer after the first adds to a message's time, against one's, round by round. */
  private static Paired extraConsumer(Map<Integer, Map<String, Double>> rounds, int consumers) {
    String one = "fan-out-1";
    String many = "fan-out-" + consumers;
    return paired(
        rounds, round -> (round.get(one) / round.get(many) - 1) / (consumers - 1), one, many);
  }

  /** Heap allocated per message against the body's size, pass by pass. */
  private static Paired heapPerBody(List<JsonObject> passes, int size) {
    return Paired.of(
        passes.stream()
            .map(pass -> pass.getJsonNumber("heapKib").doubleValue() * 1024 / size)
            .toList());
  }

  /** A body size as people say it: 1 KiB, 64 KiB, 1 MiB, or bytes. */
  private static String bytes(int size) {
    if (size % MIB == 0) {
      return size / MIB + " MiB";
    }
    return size % 1024 == 0 ? size / 1024 + " KiB" : size + " bytes";
  }

  /**
   * Says so when the fill added no rows ({@code bench.big-rows} not above what the table held): the
   * "big" table was then the small one, and goal 4 compares like with like. Empty for runs from
   * before the fill was recorded.
   */
  private static String nothingFilled(JsonObject run) {
    return run.containsKey("bigTableFilledRows")
            && run.getJsonNumber("bigTableFilledRows").longValue() == 0
        ? " Nothing was filled: bench.big-rows was not above the rows the table held, so the big"
            + " table's passes ran on the table as it was, and goal 4 says nothing of a big table."
        : "";
  }

  /** The group a sample of the table-size phases falls in, or null for a sample of another path. */
  private static String phase(JsonObject run, JsonObject sample) {
    return switch (sample.getString("path")) {
      case "inbox-small-before" -> rows("the small table before the fill", run, "smallBeforeRows");
      case "inbox-big-table" ->
          rows("the big table", run, "bigTableRows")
              + (sample.containsKey("checkpointsBegun")
                  ? ", " + sample.getInt("checkpointsBegun") + " checkpoints begun"
                  : "");
      case "inbox-small-after" -> rows("the small table again", run, "smallAfterRows");
      default -> null;
    };
  }

  private static String rows(String phase, JsonObject run, String key) {
    return String.format(Locale.ROOT, "%s, %,d rows", phase, run.getJsonNumber(key).longValue());
  }

  /** How far the big table's passes went in checkpoints, against how far they were to go. */
  private static String checkpoints(JsonObject run) {
    if (!run.containsKey("bigTableCheckpointsBegun")) {
      return "the big table's passes were bench.rounds, checkpoints not counted (PostgreSQL's"
          + " pg_stat_bgwriter.checkpoints_timed is missing, or the database has no such count)";
    }
    int wanted = run.getInt("bigCheckpoints");
    int begun = run.getInt("bigTableCheckpointsBegun");
    if (wanted == 0) {
      return "the big table's passes were bench.rounds, not waiting for checkpoints"
          + " (bench.big-checkpoints=0); "
          + begun
          + " began during them";
    }
    return String.format(
        Locale.ROOT,
        "the big table's passes went on until %d checkpoints had begun, each closing a cycle of"
            + " them, and %d did%s (checkpoint_timeout in the settings above)",
        wanted,
        begun,
        begun < wanted ? " before the deadline, **fewer than wanted**" : "");
  }

  private static List<Double> perSecond(List<JsonObject> passes) {
    return passes.stream().map(pass -> pass.getJsonNumber("perSecond").doubleValue()).toList();
  }

  /** The median WAL a message cost, where every pass counted it. */
  private static String walBytes(List<JsonObject> passes) {
    List<JsonObject> costs =
        passes.stream()
            .filter(pass -> pass.containsKey("perMessage"))
            .map(pass -> pass.getJsonObject("perMessage"))
            .toList();
    return costs.size() == passes.size()
        ? String.format(Locale.ROOT, "%.0f", medianOf(costs, "walBytes"))
        : "not counted";
  }

  /** The per-message figures of a sample, as the CSV's columns name them. */
  private static final List<String> PER_MESSAGE =
      List.of("cpuMicros", "heapKib", "transactions", "statements", "walBytes");

  private static void writeCsv(List<JsonObject> runs, Path file) throws IOException {
    StringBuilder csv =
        new StringBuilder(
            "cell,xa,path,round,per_second,note,cpu_us_per_message,heap_kib_per_message,"
                + "transactions_per_message,statements_per_message,wal_bytes_per_message,"
                + "checkpoints_begun,deliveries_at_once\n");
    for (JsonObject run : runs) {
      for (JsonValue value : run.getJsonArray("samples")) {
        JsonObject sample = value.asJsonObject();
        csv.append(
            String.format(
                Locale.ROOT,
                "%s,%s,%s,%d,%.1f,\"%s\"",
                run.getString("cell"),
                run.getBoolean("xa"),
                sample.getString("path"),
                sample.getInt("round"),
                sample.getJsonNumber("perSecond").doubleValue(),
                sample.getString("note")));
        JsonObject perMessage =
            sample.containsKey("perMessage") ? sample.getJsonObject("perMessage") : null;
        for (String key : PER_MESSAGE) {
          csv.append(',');
          if (perMessage != null && perMessage.containsKey(key)) {
            csv.append(perMessage.getJsonNumber(key).doubleValue());
          }
        }
        csv.append(',');
        if (sample.containsKey("checkpointsBegun")) {
          csv.append(sample.getInt("checkpointsBegun"));
        }
        csv.append(',').append(run.getInt("concurrency")).append('\n');
      }
    }
    Files.writeString(file, csv);
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
