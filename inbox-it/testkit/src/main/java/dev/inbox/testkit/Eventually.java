package dev.inbox.testkit;

import java.time.Duration;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;

/**
 * Waits for a condition with a deadline, polling in the test's own thread: probes look up server
 * resources, which only a container thread can.
 */
public final class Eventually {

  /** Longer than any scenario needs on a busy two-core machine. */
  private static final Duration DEADLINE = Duration.ofSeconds(120);

  private Eventually() {}

  public static ConditionFactory eventually(String what) {
    return Awaitility.await(what)
        .pollInSameThread()
        .pollInterval(Duration.ofMillis(200))
        .atMost(DEADLINE);
  }
}
