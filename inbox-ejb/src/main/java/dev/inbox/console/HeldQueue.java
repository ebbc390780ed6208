package dev.inbox.console;

import java.util.Arrays;
import java.util.Optional;

/** A queue where messages wait for an operator: the quarantine, or the broker's dead letters. */
public enum HeldQueue {
  /** Where the inbox puts what it will not apply, with a reason. */
  QUARANTINE("quarantine"),
  /** Where the broker puts what it gave up redelivering. */
  DEAD_LETTERS("dead-letters");

  private final String path;

  HeldQueue(String path) {
    this.path = path;
  }

  /** The queue's name in the console's URLs. */
  public String path() {
    return path;
  }

  public static Optional<HeldQueue> ofPath(String path) {
    return Arrays.stream(values()).filter(queue -> queue.path.equals(path)).findFirst();
  }
}
