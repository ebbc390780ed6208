package dev.inbox.faults;

import java.io.File;

/** A WildFly node of the fault suite, as arquillian.xml declares it (group {@code faults}). */
enum Node {
  A("node-a", 100),
  B("node-b", 200);

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

  /** The node's Prometheus endpoint, on its management port. */
  String metricsUrl() {
    return "http://127.0.0.1:" + (9990 + portOffset) + "/prometheus";
  }

  /** The transaction manager's log: what recovery has yet to finish lives here. */
  File transactionLog() {
    return new File(home(), "standalone/data/tx-object-store");
  }
}
