package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.InboxTest;
import dev.inbox.testkit.TestMessage;
import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Why the inbox does not support an asynchronous standby (profile database-pair): the primary
 * commits without waiting for it, the broker deletes each message once its delivery's transaction
 * has committed, and a standby promoted after the primary's crash lacks what it had not received
 * yet. Those messages are gone from the broker and from the database: no inbox row, no effect,
 * nothing to redeliver. The test makes the standby lag as far as it can (it receives nothing while
 * the storm runs), and shows that every message the nodes applied and the broker let go is lost.
 */
@InboxTest
@RunAsClient
class AsynchronousStandbyIT {

  private static final int IDENTITIES = 50;

  @ArquillianResource private ContainerController controller;

  private DatabasePair pair;
  private final Database database = new Database();
  private final BrokerView broker = BrokerView.ofCell();

  @BeforeEach
  void startBothNodesOnAWholePair() {
    pair = DatabasePair.wholeWithTheNodesStarted(controller);
  }

  @Test
  void aStandbyThatLagsLosesWhatThePrimaryAcknowledgedWhenItIsPromoted() {
    pair.asynchronous();
    Storm storm = Storm.of(IDENTITIES, 1);
    String ofRun = TestMessage.RUN + " = '" + storm.run() + "'";
    storm.sentAndUnderWay(IDENTITIES);
    // Depth counts messages in delivery too: none left means every delivery has committed.
    Awaitility.await("every message of the storm acknowledged to the broker")
        .atMost(Duration.ofSeconds(60))
        .until(() -> broker.depth(BrokerView.INBOX_QUEUE) == 0);
    int appliedOnThePrimary = storm.applied();

    pair.crashPrimary();
    pair.promoteStandby();
    int appliedOnThePromotedStandby = storm.applied();
    long withTheBroker =
        broker.depth(BrokerView.INBOX_QUEUE)
            + broker.count(BrokerView.DEAD_LETTERS, ofRun)
            + broker.count(BrokerView.QUARANTINE, ofRun);
    int effects = database.effects(storm.consumer(), storm.run()).size();
    System.out.printf(
        "[asynchronous standby] %d identities applied on the primary and acknowledged to the"
            + " broker; after the crash and the promotion: %d inbox rows, %d effects, %d messages"
            + " left with the broker%n",
        appliedOnThePrimary, appliedOnThePromotedStandby, effects, withTheBroker);
    assertEquals(IDENTITIES, appliedOnThePrimary, "the primary applied the whole storm");
    assertEquals(
        List.of(0, 0, 0L),
        List.of(appliedOnThePromotedStandby, effects, withTheBroker),
        "inbox rows, effects and messages with the broker after the promotion: all lost");
  }
}
