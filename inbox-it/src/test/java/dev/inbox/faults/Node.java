package dev.inbox.faults;

import dev.inbox.testkit.Scrape;
import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A server of the fault suite: the WildFly cluster's nodes (arquillian.xml's group {@code faults}:
 * two, or three on the broker pair), the single WildFly of the embedded default (group {@code
 * faults-single}), or the Payara domains on the standalone broker (profile {@code faults-payara}:
 * one, or two for the two-node scenarios; the tests start and stop them with asadmin). What differs
 * between servers comes from the build's {@code faults.<qualifier>.*} properties, never from a
 * test.
 */
enum Node {
  A("node-a"),
  B("node-b"),
  C("node-c"),
  SINGLE("single"),
  PAYARA("payara-node"),
  PAYARA_B("payara-node-b");

  private final String qualifier;

  Node(String qualifier) {
    this.qualifier = qualifier;
  }

  /** The container's name in arquillian.xml. */
  String qualifier() {
    return qualifier;
  }

  /** The container's name, as messages and printed figures name the node. */
  @Override
  public String toString() {
    return qualifier;
  }

  /** Where the server deploys an archive it finds at its start, as an operator drops one in. */
  File deployments() {
    return new File(setting("deployments"));
  }

  /** What only this server's process has on its command line, to find the process. */
  String processMarker() {
    return setting("process");
  }

  /**
   * A counter of one consumer, as the node's metrics endpoint has it now. Counters start from zero
   * when the node starts.
   */
  double counter(String name, String consumer) {
    return Scrape.of(
            setting("metrics-url"),
            System.getProperty("faults.metrics-user", ""),
            System.getProperty("faults.metrics-password", ""))
        .value(name, consumer == null ? Map.of() : Map.of("consumer", consumer));
  }

  /** A counter of one consumer on every server of the cell, summed. */
  static double onEveryNode(String name, String consumer) {
    double sum = 0;
    for (Node node : ofCell()) {
      sum += node.counter(name, consumer);
    }
    return sum;
  }

  /** The servers of the cell, in the order the build lists them ({@code faults.nodes}). */
  static List<Node> ofCell() {
    return Arrays.stream(FaultCell.required("faults.nodes").split(","))
        .map(String::strip)
        .map(Node::named)
        .toList();
  }

  /** The cell's server at a place in its list (0 the first), for a test that needs that many. */
  static Node ofCell(int place) {
    List<Node> nodes = ofCell();
    if (place >= nodes.size()) {
      throw new IllegalStateException(
          "This test needs %d servers, and the cell has %s: list more in faults.nodes (two Payara domains: -Dfaults.payara-nodes=payara-node,payara-node-b)"
              .formatted(place + 1, nodes));
    }
    return nodes.get(place);
  }

  /** The server the crash points halt: the cell's first. */
  static Node crashing() {
    return ofCell().get(0);
  }

  /**
   * The command that starts this server and returns once it is up, where the suite starts it itself
   * (a Payara domain, with asadmin); empty where Arquillian starts it (WildFly). Space-separated.
   */
  Optional<List<String>> startCommand() {
    return command("start-command");
  }

  /** The command that stops this server cleanly, beside its {@link #startCommand()}. */
  Optional<List<String>> stopCommand() {
    return command("stop-command");
  }

  private Optional<List<String>> command(String name) {
    return Optional.ofNullable(System.getProperty(property(name)))
        .map(command -> List.of(command.strip().split("\\s+")));
  }

  /**
   * Where the node serves its web modules: its {@code http-url} where the build gives one (a Payara
   * domain: its base port and 80), otherwise WildFly's 8080 and the node's port offset.
   */
  String httpUrl() {
    return Optional.ofNullable(System.getProperty(property("http-url")))
        .orElseGet(() -> "http://127.0.0.1:" + (8080 + Integer.parseInt(setting("port-offset"))));
  }

  /** The server's management API, on its management port (WildFly). */
  Management management() {
    return new Management(Integer.parseInt(setting("management-port")));
  }

  /**
   * The transaction manager's log as files a test can count, where the server keeps it so:
   * Narayana's object store on WildFly. Payara's transaction log is one binary file that keeps
   * finished records until it is compacted; there, what is in doubt is read from the resources.
   */
  Optional<File> transactionLog() {
    return Optional.ofNullable(System.getProperty(property("transaction-log"))).map(File::new);
  }

  /** The server's log file, where the build names it (WildFly's nodes). */
  Optional<Path> serverLog() {
    return Optional.ofNullable(System.getProperty(property("server-log"))).map(Path::of);
  }

  private static Node named(String qualifier) {
    return Arrays.stream(values())
        .filter(node -> node.qualifier.equals(qualifier))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("No fault-suite node is called " + qualifier));
  }

  private String setting(String name) {
    return FaultCell.required(property(name));
  }

  private String property(String name) {
    return "faults." + qualifier + "." + name;
  }
}
