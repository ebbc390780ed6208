package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.InboxTest;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The database stops answering in the middle of a storm without refusing or closing anything (its
 * host hangs, its server process is stopped): every delivery in flight waits on a statement,
 * holding its message; new connections wait to be made. Once the database answers again, each
 * delivery commits, or fails and is redelivered, and every identity is applied once.
 */
@InboxTest
@RunAsClient
@Tag("one-database-cell")
class HungDatabaseIT {

  private static final int IDENTITIES = 1000;

  /** How long nothing may move before the database counts as hung for the whole cell. */
  private static final Duration STUCK = Duration.ofSeconds(20);

  @ArquillianResource private ContainerController controller;

  private final Database database = new Database();

  @BeforeEach
  void startTheNodes() {
    new Nodes(controller).startAll();
  }

  @Test
  void aDatabaseThatStopsAnsweringInAStormLosesNothingAndRepeatsNothing() {
    DatabasePath path = DatabasePath.ofCell();
    Storm storm = Storm.of(IDENTITIES, 1).sentAndUnderWay(IDENTITIES / 20);
    path.freeze();
    AtomicInteger applied = new AtomicInteger(-1);
    int appliedWhileHung;
    try {
      // Hung until no row has been applied for a while: the commits under way when it stopped
      // answering are stuck with the rest, not a fixed time.
      Awaitility.await("no row applied while the database is silent")
          .pollInterval(Duration.ofSeconds(1))
          .during(STUCK)
          .atMost(STUCK.multipliedBy(3))
          .until(
              () -> {
                int now = database.rows(storm.consumer(), storm.run());
                return applied.getAndSet(now) == now;
              });
      appliedWhileHung = applied.get();
    } finally {
      path.thaw();
    }
    assertTrue(
        appliedWhileHung < IDENTITIES,
        "the database stopped answering in the middle of the storm: " + appliedWhileHung);

    Oracle.Figures figures = storm.settled();
    System.out.printf(
        "[database hung] %d identities: %d applied when it stopped answering, none for %s;"
            + " %s%n",
        IDENTITIES, appliedWhileHung, STUCK, figures);
  }
}
