package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.InboxTest;
import dev.inbox.testkit.TestMessage;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The primary of a replicated broker pair (profile broker-pair) killed with SIGKILL while the
 * cell's nodes (three WildFly nodes, or one Payara domain) work through a backlog and a producer
 * sends: the producer and the nodes move to the backup and go on, and move back when the primary is
 * started again, which the messages sent after that prove, since only the primary can give them to
 * the nodes. Every identity the producer saw acknowledged lands exactly once, and nothing is left
 * in doubt.
 */
@InboxTest
@RunAsClient
class BrokerFailoverIT {

  private static final int IDENTITIES = 300;

  /** Sent in one transaction first: the nodes are in the middle of them when the primary dies. */
  private static final int BACKLOG = 150;

  /** Sent once the primary has its role back. */
  private static final int AFTER_THE_RETURN = 50;

  /**
   * Rows the nodes must apply through the backup alone before the primary is started again: more
   * than the deliveries in flight on the nodes at the kill (inbox.mdb.max-session each: 6 on a
   * WildFly node of the fault suite, 15 on Payara) could commit.
   */
  private static final int APPLIED_ON_THE_BACKUP = 30;

  private static final Duration SEND_DEADLINE = Duration.ofSeconds(240);

  @ArquillianResource private ContainerController controller;

  /** The pair's primary: the test kills and starts it, and reads the pair through it at the end. */
  private final StandaloneBroker primary = new StandaloneBroker();

  @BeforeEach
  void startTheNodes() {
    new Nodes(controller).startAll();
  }

  @Test
  void thePrimaryKilledInAStormAndStartedAgainLosesNoAcknowledgedMessageAndRepeatsNone()
      throws Exception {
    Storm storm = Storm.of(IDENTITIES, 1);
    List<TestMessage> messages = storm.messages();
    int returnAt = IDENTITIES - AFTER_THE_RETURN;
    try (Sender sender = new Sender()) {
      sender.sendTogether(messages.subList(0, BACKLOG));
      CompletableFuture<Void> producer =
          sender.sendInTheBackground(messages.subList(BACKLOG, returnAt), SEND_DEADLINE);
      storm.awaitApplied(BACKLOG / 5);
      long queuedAtTheKill = primary.depth(BrokerView.INBOX_QUEUE);
      primary.killHard();
      int appliedAtTheKill = storm.applied();
      // Only the backup can serve while the primary is dead: rows beyond what was in flight at
      // the kill were applied by nodes that moved to it.
      Awaitility.await("the nodes applying messages through the backup")
          .atMost(SEND_DEADLINE)
          .until(() -> storm.applied() >= appliedAtTheKill + APPLIED_ON_THE_BACKUP);
      int appliedOnTheBackup = storm.applied() - appliedAtTheKill;
      primary.start();
      producer.get(SEND_DEADLINE.toSeconds(), TimeUnit.SECONDS);
      // The backup is passive again: these reach the nodes only through the primary.
      sender
          .sendInTheBackground(messages.subList(returnAt, IDENTITIES), SEND_DEADLINE)
          .get(SEND_DEADLINE.toSeconds(), TimeUnit.SECONDS);
      assertTrue(queuedAtTheKill > 0, "messages were queued or in delivery when the primary died");

      Oracle.Figures figures = storm.settled();
      System.out.printf(
          "[broker pair] %d identities: %d queued or in delivery and %d applied when the primary"
              + " was killed, %d more applied before it was started again, %d sent after it took"
              + " its role back; %d sends refused and sent again; %s%n",
          IDENTITIES,
          queuedAtTheKill,
          appliedAtTheKill,
          appliedOnTheBackup,
          AFTER_THE_RETURN,
          sender.refusals(),
          figures);
    }
  }
}
