package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.InboxTest;
import java.time.Instant;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The PostgreSQL primary of a pair (profile database-pair) crashed while both nodes work through a
 * storm, and its synchronous standby promoted, as an operator or a failover manager does. The
 * nodes' data source finds the new primary through the URL that names both; what the crash cut off
 * rolls back and is redelivered; what a commit acknowledged before the crash is on the standby, so
 * every identity is applied exactly once; and a transaction the crash left prepared (under XA) is
 * on the new primary, where the nodes' recovery finishes it.
 */
@InboxTest
@RunAsClient
class DatabaseFailoverIT {

  private static final int IDENTITIES = 300;

  @ArquillianResource private ContainerController controller;

  private DatabasePair pair;
  private final Database database = new Database();

  @BeforeEach
  void startBothNodesOnAWholePair() {
    pair = DatabasePair.wholeWithTheNodesStarted(controller);
  }

  @Test
  void thePrimaryCrashedInAStormAndTheStandbyPromotedLosesNothingAndRepeatsNothing() {
    Storm storm = Storm.of(IDENTITIES, 1).sentAndUnderWay(IDENTITIES / 5);
    int crashedPrimary = database.serverPort();
    Instant crash = Instant.now();
    pair.crashPrimary();
    pair.promoteStandby();
    int promotedStandby = database.serverPort();
    int appliedRightAfter = storm.applied();
    int preparedBeforeTheCrash = database.preparedBefore(crash);

    Oracle.Figures figures = storm.settled();
    System.out.printf(
        "[database failover] %d identities: the primary on port %d crashed, the standby on port %d"
            + " promoted; %d applied right after, %d transactions prepared before the crash on the"
            + " promoted server; %s%n",
        IDENTITIES,
        crashedPrimary,
        promotedStandby,
        appliedRightAfter,
        preparedBeforeTheCrash,
        figures);
    assertFalse(DatabasePair.answers(crashedPrimary), "the crashed primary is down");
    assertNotEquals(crashedPrimary, promotedStandby, "the pair's URL reaches the promoted standby");
    assertTrue(appliedRightAfter < IDENTITIES, "the primary crashed in the middle of the storm");
  }
}
