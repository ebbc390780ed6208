package dev.inbox.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * The benchmark's size and where it writes, from the build's {@code bench.*} properties, carried
 * into the server as {@value #RESOURCE}.
 *
 * @param messages messages per measured pass
 * @param rounds interleaved rounds of every path
 * @param warmUpRounds unrecorded rounds first, for the JIT and the pools, at most: they stop when
 *     two in a row agree
 * @param warmUpTolerance how close two warm-up rounds' rates must be to agree, in percent
 * @param smallRows inbox rows before the first round: the small table
 * @param bigRows inbox rows for the table-size passes: the big table
 * @param bigCheckpoints checkpoints that must begin while the big table's passes run, each a
 *     checkpoint cycle they cross; none lets them stop after {@code rounds}
 * @param idKind how the passes' message ids and the filled rows' ids are made
 * @param purgeRows expired rows the sweeper deletes alone, for its rate
 * @param latencySeconds how long messages are sent at half the peak rate, for latency
 * @param concurrency threads of the database's own two-row commit, as many as MDB instances
 * @param payloadSizes the body sizes, in bytes, of the payload-size passes
 * @param payloadBytesPerPass how many bytes of bodies a payload-size pass sends, at most: its
 *     messages are that divided by the body size, at most {@code messages}
 * @param roundsOnly the rounds alone, none of the passes after them: a run of the concurrency
 *     series, which measures the paths at each MDB concurrency
 * @param output the directory the results go to
 * @param server the server under test, as the report names it
 * @param broker the broker and its settings, as the report names them
 * @param cell the server and database under test, as the build names the cell
 */
record BenchConfig(
    int messages,
    int rounds,
    int warmUpRounds,
    int warmUpTolerance,
    int smallRows,
    int bigRows,
    int bigCheckpoints,
    MessageIds.Kind idKind,
    int purgeRows,
    int latencySeconds,
    int concurrency,
    List<Integer> payloadSizes,
    int payloadBytesPerPass,
    boolean roundsOnly,
    String output,
    String server,
    String broker,
    String cell) {

  static final String RESOURCE = "inbox-bench.properties";

  /** The smallest body a payload-size pass sends: its JSON members without the padding. */
  static final int SMALLEST_BODY = 100;

  private static final String[][] DEFAULTS = {
    {"messages", "2000"},
    {"rounds", "5"},
    {"warm-up-rounds", "8"},
    {"warm-up-tolerance", "5"},
    {"small-rows", "10000"},
    {"big-rows", "1000000"},
    {"big-checkpoints", "2"},
    {"id-kind", "uuid4"},
    {"purge-rows", "100000"},
    {"latency-seconds", "10"},
    {"concurrency", "8"},
    {"payload-sizes", "1024,65536,1048576"},
    {"payload-bytes-per-pass", "67108864"},
    {"rounds-only", "false"},
    {"output", "target/bench"},
    {"server", "unknown server"},
    {"broker", "unknown broker"}
  };

  /** The build's settings, for the deployment to carry: system properties bench.*. */
  static String ofBuild() {
    Properties properties = new Properties();
    for (String[] entry : DEFAULTS) {
      properties.setProperty(entry[0], System.getProperty("bench." + entry[0], entry[1]));
    }
    properties.setProperty("cell", System.getProperty("inbox.cell", "unknown"));
    StringWriter text = new StringWriter();
    try {
      properties.store(text, "The benchmark's size, for the harness inside the server");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  /** The settings the deployment carries, read inside the server. */
  static BenchConfig ofServer() {
    Properties properties = new Properties();
    try (InputStream in = BenchConfig.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing from the benchmark's deployment");
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new BenchConfig(
        number(properties, "messages"),
        number(properties, "rounds"),
        number(properties, "warm-up-rounds"),
        number(properties, "warm-up-tolerance"),
        number(properties, "small-rows"),
        number(properties, "big-rows"),
        number(properties, "big-checkpoints", 0),
        MessageIds.Kind.of(properties.getProperty("id-kind")),
        number(properties, "purge-rows"),
        number(properties, "latency-seconds"),
        number(properties, "concurrency"),
        sizes(properties, "payload-sizes"),
        number(properties, "payload-bytes-per-pass"),
        Boolean.parseBoolean(properties.getProperty("rounds-only")),
        properties.getProperty("output"),
        properties.getProperty("server"),
        properties.getProperty("broker"),
        properties.getProperty("cell"));
  }

  private static int number(Properties properties, String key) {
    return number(properties, key, 1);
  }

  /** Body sizes in bytes, comma-separated, each at least {@value #SMALLEST_BODY}; none if empty. */
  private static List<Integer> sizes(Properties properties, String key) {
    String sizes = properties.getProperty(key);
    if (sizes.isBlank()) {
      return List.of();
    }
    return Arrays.stream(sizes.split(",")).map(size -> number(key, size, SMALLEST_BODY)).toList();
  }

  private static int number(Properties properties, String key, int least) {
    return number(key, properties.getProperty(key), least);
  }

  private static int number(String key, String value, int least) {
    try {
      int number = Integer.parseInt(value.strip());
      if (number < least) {
        throw new NumberFormatException();
      }
      return number;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "bench." + key + " is '" + value + "': it must be a whole number, at least " + least);
    }
  }
}
