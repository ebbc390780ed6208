package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.InboxTest;
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
    pair.crashPrimary();
    pair.promoteStandby();
    int appliedAtThePromotion = storm.applied();
    int preparedAtThePromotion = database.preparedTransactions();

    Oracle.Figures figures = storm.settled();
    System.out.printf(
        "[database failover] %d identities: %d applied and %d prepared on the standby when it was"
            + " promoted; %s%n",
        IDENTITIES, appliedAtThePromotion, preparedAtThePromotion, figures);
    assertTrue(
        appliedAtThePromotion < IDENTITIES, "the primary crashed in the middle of the storm");
  }
}
