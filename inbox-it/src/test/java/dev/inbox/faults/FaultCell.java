package dev.inbox.faults;

import java.io.File;
import java.time.Duration;

/** What the build tells the fault suite about its cell (profile faults in inbox-it/pom.xml). */
final class FaultCell {

  private FaultCell() {}

  static String required(String name) {
    String value = System.getProperty(name, "");
    if (value.isEmpty()) {
      throw new IllegalStateException(
          "System property " + name + " is not set: run the fault suite with -Pfaults");
    }
    return value;
  }

  /**
   * Whether the broker lives and dies with the server, as in the single-server default (one WildFly
   * with its embedded broker and H2, as {@code run.sh} starts it); otherwise the nodes share a
   * standalone broker (the cluster setup, and Payara).
   */
  static boolean embeddedBroker() {
    return required("faults.broker-kind").equals("embedded");
  }

  /** Whether the inbox's data source is XA, or the last resource of a one-phase commit. */
  static boolean xa() {
    return Boolean.parseBoolean(required("faults.xa"));
  }

  /** How many times each crash point runs (2 in CI, more under the soak profile). */
  static int crashRepeats() {
    return Integer.parseInt(required("faults.crash-repeats"));
  }

  /** How many messages each node's inbox MDB takes at once: its sessions on the inbox queue. */
  static int mdbSessions() {
    return Integer.parseInt(required("faults.mdb-sessions"));
  }

  /**
   * How long a halted server may take, from its restart and its boot included, to come back to an
   * empty queue with nothing in doubt.
   */
  static Duration settleDeadline() {
    return Duration.parse(required("faults.settle-deadline"));
  }

  /** Where a halted node leaves the marker of the run that halted it. */
  static File crashDirectory() {
    return new File(required("faults.crash-dir"));
  }
}
