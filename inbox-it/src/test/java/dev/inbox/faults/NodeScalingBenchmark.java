package dev.inbox.faults;

import dev.inbox.bench.Results;
import dev.inbox.it.InboxTest;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.Test;

/**
 * The throughput and the CPU per message of one, two and three WildFly nodes on one standalone
 * broker and one PostgreSQL (profile {@code bench-nodes}, docs/benchmarks.md): for each number of
 * nodes, the first nodes of the cell run and the others are stopped, unrecorded passes warm them up
 * (until two in a row agree on the nodes' CPU per message within 10%), and each measured pass sends
 * {@code bench.nodes.messages} identities in one transaction and times them from the send's commit
 * until the broker holds none of them. The CPU of a pass is read from the operating system for the
 * nodes' processes, the broker's and the database server's, before and after it. Not a test of
 * speed: it fails only when a pass loses or repeats work (the oracle).
 */
@InboxTest
@RunAsClient
class NodeScalingBenchmark {

  private static final int MESSAGES = Integer.parseInt(FaultCell.required("bench.nodes.messages"));
  private static final int ROUNDS = Integer.parseInt(FaultCell.required("bench.nodes.rounds"));
  private static final int MAX_WARM_UP_PASSES = 6;
  private static final double WARM_UP_TOLERANCE = 0.10;
  private static final Duration POLL = Duration.ofMillis(20);

  @ArquillianResource private ContainerController controller;

  private final StandaloneBroker broker = new StandaloneBroker();
  private ProcessHandle postmaster;

  /** One measured pass: how many nodes ran, how long the messages took, and what CPU they cost. */
  record Pass(
      int nodes,
      int round,
      int messages,
      Duration took,
      Duration nodesCpu,
      Duration brokerCpu,
      Duration databaseCpu) {

    double perSecond() {
      return messages / (took.toNanos() / 1e9);
    }

    double microsPerMessage(Duration cpu) {
      return cpu.toNanos() / 1e3 / messages;
    }
  }

  @Test
  void throughputAndCpuPerMessageOfOneTwoAndThreeNodes() {
    Nodes nodes = new Nodes(controller);
    postmaster = new Database().serverProcess();
    List<Node> cell = Node.ofCell();
    List<Pass> passes = new ArrayList<>();
    for (int count = 1; count <= cell.size(); count++) {
      List<Node> running = cell.subList(0, count);
      cell.subList(count, cell.size()).forEach(nodes::stop);
      running.forEach(nodes::start);
      warmUp(nodes, running);
      for (int round = 0; round < ROUNDS; round++) {
        passes.add(measure(nodes, running, round));
      }
    }
    report(passes);
  }

  /**
   * Unrecorded passes until two in a row agree on the nodes' CPU per message within {@value
   * #WARM_UP_TOLERANCE} (the JIT's work done), at most {@value #MAX_WARM_UP_PASSES}.
   */
  private void warmUp(Nodes nodes, List<Node> running) {
    double previous = nodesMicrosPerMessage(measure(nodes, running, -1));
    for (int pass = 2; pass <= MAX_WARM_UP_PASSES; pass++) {
      double cpu = nodesMicrosPerMessage(measure(nodes, running, -1));
      if (Math.abs(cpu - previous) <= WARM_UP_TOLERANCE * previous) {
        return;
      }
      previous = cpu;
    }
  }

  private static double nodesMicrosPerMessage(Pass pass) {
    return pass.microsPerMessage(pass.nodesCpu());
  }

  private Pass measure(Nodes nodes, List<Node> running, int round) {
    Storm storm = Storm.of(MESSAGES, 1);
    Map<Long, Duration> nodesBefore = cpuTimes(running.stream().map(nodes::process));
    Map<Long, Duration> brokerBefore = cpuTimes(Stream.of(broker.process()));
    Map<Long, Duration> databaseBefore = cpuTimes(databaseServer());
    try (Sender sender = new Sender()) {
      sender.sendTogether(storm.messages());
    }
    Instant sent = Instant.now();
    // Every message acknowledged: each delivery's transaction committed. Read from the broker on
    // one connection, so that timing the pass costs the database nothing.
    broker.awaitEmpty(StandaloneBroker.INBOX_QUEUE, POLL, Duration.ofMinutes(10));
    Duration took = Duration.between(sent, Instant.now());
    Pass pass =
        new Pass(
            running.size(),
            round,
            MESSAGES,
            took,
            used(nodesBefore, cpuTimes(running.stream().map(nodes::process))),
            used(brokerBefore, cpuTimes(Stream.of(broker.process()))),
            used(databaseBefore, cpuTimes(databaseServer())));
    Oracle.Figures figures = storm.settled();
    System.out.printf(
        Locale.ROOT,
        "[nodes %d, %s] %d messages in %d ms: %.0f/s; CPU per message: nodes %.0f µs, broker %.0f"
            + " µs, database %.0f µs; %s%n",
        running.size(),
        round < 0 ? "warm-up" : "round " + (round + 1),
        MESSAGES,
        took.toMillis(),
        pass.perSecond(),
        nodesMicrosPerMessage(pass),
        pass.microsPerMessage(pass.brokerCpu()),
        pass.microsPerMessage(pass.databaseCpu()),
        figures);
    return pass;
  }

  /** PostgreSQL's processes now: its main process and every process it started (backends too). */
  private Stream<ProcessHandle> databaseServer() {
    return Stream.concat(Stream.of(postmaster), postmaster.descendants());
  }

  /** The CPU time each process has used so far, by pid. */
  private static Map<Long, Duration> cpuTimes(Stream<ProcessHandle> processes) {
    Map<Long, Duration> times = new HashMap<>();
    processes.forEach(
        process ->
            process.info().totalCpuDuration().ifPresent(time -> times.put(process.pid(), time)));
    return times;
  }

  /**
   * The CPU processes used between two readings: each one's growth, a process started in between
   * counted whole. A process that ended in between (a database connection closed) takes what it
   * used since the first reading with it.
   */
  private static Duration used(Map<Long, Duration> before, Map<Long, Duration> after) {
    return after.entrySet().stream()
        .map(entry -> entry.getValue().minus(before.getOrDefault(entry.getKey(), Duration.ZERO)))
        .reduce(Duration.ZERO, Duration::plus);
  }

  /**
   * The medians of each number of nodes, with the spread of the rounds and the ratios to one node,
   * printed and written with the raw passes under {@code bench.nodes.output}.
   */
  private static void report(List<Pass> passes) {
    StringBuilder table = new StringBuilder();
    table.append(
        "| nodes | messages per second (min-max) | ÷ one node | nodes' CPU per message, µs"
            + " (min-max) | ÷ one node | broker's CPU per message, µs | database's CPU per"
            + " message, µs |\n|---|---|---|---|---|---|---|\n");
    double oneNodeRate = 0;
    double oneNodeCpu = 0;
    for (int count : passes.stream().map(Pass::nodes).distinct().toList()) {
      List<Pass> ofCount = passes.stream().filter(pass -> pass.nodes() == count).toList();
      Spread rate = Spread.of(ofCount, Pass::perSecond);
      Spread cpu = Spread.of(ofCount, NodeScalingBenchmark::nodesMicrosPerMessage);
      if (count == 1) {
        oneNodeRate = rate.median();
        oneNodeCpu = cpu.median();
      }
      table.append(
          String.format(
              Locale.ROOT,
              "| %d | %.0f (%.0f-%.0f) | %.2f | %.0f (%.0f-%.0f) | %.2f | %.0f | %.0f |%n",
              count,
              rate.median(),
              rate.min(),
              rate.max(),
              rate.median() / oneNodeRate,
              cpu.median(),
              cpu.min(),
              cpu.max(),
              cpu.median() / oneNodeCpu,
              Spread.of(ofCount, pass -> pass.microsPerMessage(pass.brokerCpu())).median(),
              Spread.of(ofCount, pass -> pass.microsPerMessage(pass.databaseCpu())).median()));
    }
    String samples =
        "nodes,round,messages,millis,nodes_cpu_millis,broker_cpu_millis,database_cpu_millis\n"
            + passes.stream()
                .map(
                    pass ->
                        String.join(
                            ",",
                            List.of(
                                String.valueOf(pass.nodes()),
                                String.valueOf(pass.round() + 1),
                                String.valueOf(pass.messages()),
                                String.valueOf(pass.took().toMillis()),
                                String.valueOf(pass.nodesCpu().toMillis()),
                                String.valueOf(pass.brokerCpu().toMillis()),
                                String.valueOf(pass.databaseCpu().toMillis()))))
                .collect(Collectors.joining("\n", "", "\n"));
    System.out.println("[node scaling]\n" + table);
    File output = new File(FaultCell.required("bench.nodes.output"));
    try {
      Files.createDirectories(output.toPath());
      Files.writeString(new File(output, "nodes.md").toPath(), table, StandardCharsets.UTF_8);
      Files.writeString(new File(output, "samples.csv").toPath(), samples, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("Cannot write the report to " + output, e);
    }
  }

  /** The median and the extremes of a figure over passes. */
  private record Spread(double median, double min, double max) {

    static Spread of(List<Pass> passes, ToDoubleFunction<Pass> figure) {
      List<Double> values = passes.stream().map(figure::applyAsDouble).sorted().toList();
      return new Spread(Results.median(values), values.get(0), values.get(values.size() - 1));
    }
  }
}
