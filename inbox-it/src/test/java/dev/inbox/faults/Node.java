package dev.inbox.faults;

import dev.inbox.it.Scrape;
import java.io.File;
import java.util.List;
import java.util.Map;

/**
 * A WildFly server of the fault suite, as arquillian.xml declares it: the cluster's two nodes
 * (group {@code faults}), or the single server of the embedded default (group {@code
 * faults-single}).
 */
enum Node {
  A("node-a", 100),
  B("node-b", 200),
  SINGLE("single", 100);

  private final String qualifier;
  private final int portOffset;

  Node(String qualifier, int portOffset) {
    this.qualifier = qualifier;
    this.portOffset = portOffset;
  }

  /** The container's name in arquillian.xml. */
  String qualifier() {
    return qualifier;
  }

  /** The server directory the build provisioned for this node. */
  File home() {
    return new File(FaultCell.required("faults." + qualifier + ".home"));
  }

  /**
   * A counter of one consumer, as the node's Prometheus endpoint (on its management port) has it
   * now. Counters start from zero when the node starts.
   */
  double counter(String name, String consumer) {
    return Scrape.of("http://127.0.0.1:" + (9990 + portOffset) + "/prometheus")
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

  /** The servers of the cell. */
  static List<Node> ofCell() {
    return FaultCell.singleServer() ? List.of(SINGLE) : List.of(A, B);
  }

  /** The server the crash points halt: node A alone, or the single server. */
  static Node crashing() {
    return FaultCell.singleServer() ? SINGLE : A;
  }

  /** The server's management API, on its management port. */
  Management management() {
    return new Management(9990 + portOffset);
  }

  /** The transaction manager's log: what recovery has yet to finish lives here. */
  File transactionLog() {
    return new File(home(), "standalone/data/tx-object-store");
  }
}
