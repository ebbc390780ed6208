package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.InboxTest;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The primary of a replicated broker pair (profile broker-pair) killed with SIGKILL in the middle
 * of a storm, while a producer sends and both nodes consume: the producer and the nodes move to the
 * backup and go on, and move back when the primary is started again. Deliveries in flight at each
 * move roll back and come again from the broker then active. Every identity the producer saw
 * acknowledged lands exactly once, and nothing is left in doubt.
 */
@InboxTest
@RunAsClient
class BrokerFailoverIT {

  private static final int IDENTITIES = 300;
  private static final Duration SEND_DEADLINE = Duration.ofSeconds(240);

  /**
   * Rows the nodes must apply through the backup alone before the primary is started again: more
   * than the deliveries in flight on both nodes at the kill (six sessions each) could commit.
   */
  private static final int APPLIED_ON_THE_BACKUP = 30;

  @ArquillianResource private ContainerController controller;

  /** The pair's primary: the tests kill and start it, and read the pair through it at the end. */
  private final StandaloneBroker primary = new StandaloneBroker();

  @BeforeEach
  void startBothNodes() {
    new Nodes(controller).startAll();
  }

  @Test
  void thePrimaryKilledInAStormAndStartedAgainLosesNoAcknowledgedMessageAndRepeatsNone()
      throws Exception {
    Storm storm = Storm.of(IDENTITIES, 1);
    try (Sender sender = new Sender()) {
      CompletableFuture<Void> producer =
          sender.sendInTheBackground(storm.messages(), SEND_DEADLINE);
      sender.awaitAcknowledged(IDENTITIES / 3, producer);
      int acknowledgedAtTheKill = sender.acknowledged();
      int appliedAtTheKill = storm.applied();
      primary.killHard();
      // Only the backup can serve while the primary is dead: rows beyond what was in flight at
      // the kill were applied by nodes that moved to it.
      Awaitility.await("the nodes applying messages through the backup")
          .atMost(SEND_DEADLINE)
          .until(() -> storm.applied() >= appliedAtTheKill + APPLIED_ON_THE_BACKUP);
      int acknowledgedBeforeTheReturn = sender.acknowledged();
      primary.start();
      producer.get(SEND_DEADLINE.toSeconds(), TimeUnit.SECONDS);
      assertTrue(acknowledgedAtTheKill < IDENTITIES, "the primary died in the middle of the storm");

      Oracle.Figures figures = storm.settled();
      System.out.printf(
          "[broker pair] %d identities: %d acknowledged and %d applied when the primary was killed,"
              + " %d acknowledged when it came back; %d sends refused and sent again; %s%n",
          IDENTITIES,
          acknowledgedAtTheKill,
          appliedAtTheKill,
          acknowledgedBeforeTheReturn,
          sender.refusals(),
          figures);
    }
  }
}
