package dev.inbox.faults;

import java.io.File;

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

  /** Whether the inbox's data source is XA, or the last resource of a one-phase commit. */
  static boolean xa() {
    return Boolean.parseBoolean(required("faults.xa"));
  }

  /** Where a halted node leaves the marker of the run that halted it. */
  static File crashDirectory() {
    return new File(required("faults.crash-dir"));
  }
}
