package dev.inbox.faults;

import dev.inbox.it.InboxTest;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.Test;

/**
 * The throughput and the CPU per message of one, two and three WildFly nodes on one standalone
 * broker and one PostgreSQL (profile {@code bench-nodes}, docs/benchmarks.md): for each number of
 * nodes, the first nodes of the cell run and the others are stopped, two passes warm them up, and
 * each measured pass sends {@code bench.nodes.messages} identities in one transaction and times
 * them from the send's commit until the broker holds none of them. The CPU of a pass is read from
 * the operating system for the nodes' processes, the broker's and the database server's, before and
 * after it. Not a test of speed: it fails only when a pass loses or repeats work (the oracle).
 */
@InboxTest
@RunAsClient
class NodeScalingBenchmark {

  private static final int MESSAGES = Integer.parseInt(FaultCell.required("bench.nodes.messages"));
  private static final int ROUNDS = Integer.parseInt(FaultCell.required("bench.nodes.rounds"));
  private static final int WARM_UP_PASSES = 2;
  private static final Duration POLL = Duration.ofMillis(20);

  @ArquillianResource private ContainerController controller;

  private final StandaloneBroker broker = new StandaloneBroker();

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
    List<Node> cell = Node.ofCell();
    List<Pass> passes = new ArrayList<>();
    for (int count = 1; count <= cell.size(); count++) {
      List<Node> running = cell.subList(0, count);
      cell.subList(count, cell.size()).forEach(nodes::stop);
      running.forEach(nodes::start);
      for (int pass = 0; pass < WARM_UP_PASSES; pass++) {
        measure(nodes, running, -1);
      }
      for (int round = 0; round < ROUNDS; round++) {
        passes.add(measure(nodes, running, round));
      }
    }
    report(passes);
  }

  private Pass measure(Nodes nodes, List<Node> running, int round) {
    Storm storm = Storm.of(MESSAGES, 1);
    Duration nodesBefore = cpuOf(running.stream().map(nodes::process).toList());
    Duration brokerBefore = cpuOf(List.of(broker.process()));
    Duration databaseBefore = cpuOf(databaseServer());
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
            cpuOf(running.stream().map(nodes::process).toList()).minus(nodesBefore),
            cpuOf(List.of(broker.process())).minus(brokerBefore),
            cpuOf(databaseServer()).minus(databaseBefore));
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
        pass.microsPerMessage(pass.nodesCpu()),
        pass.microsPerMessage(pass.brokerCpu()),
        pass.microsPerMessage(pass.databaseCpu()),
        figures);
    return pass;
  }

  /** The processes of this machine's PostgreSQL server (its backends included) now running. */
  private static List<ProcessHandle> databaseServer() {
    return ProcessHandle.allProcesses()
        .filter(process -> process.info().command().orElse("").endsWith("/postgres"))
        .toList();
  }

  private static Duration cpuOf(List<ProcessHandle> processes) {
    return processes.stream()
        .map(process -> process.info().totalCpuDuration().orElse(Duration.ZERO))
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
      Spread cpu = Spread.of(ofCount, pass -> pass.microsPerMessage(pass.nodesCpu()));
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
      List<Double> values =
          passes.stream().map(figure::applyAsDouble).sorted(Comparator.naturalOrder()).toList();
      int middle = values.size() / 2;
      double median =
          values.size() % 2 == 1
              ? values.get(middle)
              : (values.get(middle - 1) + values.get(middle)) / 2;
      return new Spread(median, values.get(0), values.get(values.size() - 1));
    }
  }
}
