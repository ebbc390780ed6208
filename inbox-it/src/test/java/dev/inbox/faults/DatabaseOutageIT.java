package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.InboxTest;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The database cut off in the middle of a storm (connections refused, open ones killed), then back.
 * No identity is lost, none is applied twice, and no failed insert leaves an "already seen" row
 * behind.
 */
@InboxTest
@RunAsClient
class DatabaseOutageIT {

  /** Enough for the nodes to be busy for seconds after the first twentieth is applied. */
  private static final int IDENTITIES = 2000;

  @ArquillianResource private ContainerController controller;

  private final Database database = new Database();

  @BeforeEach
  void startBothNodes() {
    Nodes nodes = new Nodes(controller);
    nodes.startAll();
  }

  @Test
  void theDatabaseCutOffInAStormAndBackLosesNothingAndRepeatsNothing() {
    // Counted before the storm, so that the cut follows the first rows at once: a fast database
    // would apply the whole storm while the counters were read.
    double rolledBack = rolledBackOnBothNodes();
    Storm storm = Storm.of(IDENTITIES, 1).sentAndUnderWay(IDENTITIES / 20);
    // Read just before the cut: once it is cut off, PostgreSQL refuses every connection, ours too.
    int appliedAtTheCut = database.rows(storm.consumer(), storm.run());
    database.cutOff();
    double felt;
    try {
      // The outage lasts until the nodes have rolled back deliveries for it, not a fixed time.
      felt =
          Awaitility.await("deliveries rolled back by the outage")
              .atMost(Duration.ofSeconds(60))
              .until(
                  () -> rolledBackOnBothNodes() - rolledBack,
                  rolledBackSince -> rolledBackSince >= 20);
    } finally {
      database.restore();
    }
    assertTrue(
        appliedAtTheCut < IDENTITIES,
        "the database was cut off in the middle of the storm, not after it: " + appliedAtTheCut);

    Oracle.Figures figures = storm.settled();
    System.out.printf(
        "[database cut off] %d identities: %d applied when it was cut off, %.0f deliveries rolled"
            + " back while it was away; %s%n",
        IDENTITIES, appliedAtTheCut, felt, figures);
  }

  /** Deliveries whose transaction rolled back, whatever the inbox decided: failures and commits. */
  private static double rolledBackOnBothNodes() {
    return Node.onEveryNode("inbox_failures_total", null)
        + Node.onEveryNode("inbox_commit_failures_total", null);
  }
}
