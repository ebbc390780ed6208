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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The standalone broker killed with SIGKILL in the middle of a storm, while a producer sends and
 * both nodes consume, then started again. Every identity the producer saw acknowledged lands
 * exactly once.
 */
@InboxTest
@RunAsClient
@Tag("same-on-every-database")
class BrokerKillIT {

  private static final int IDENTITIES = 300;
  private static final Duration SEND_DEADLINE = Duration.ofSeconds(240);

  @ArquillianResource private ContainerController controller;

  private final StandaloneBroker broker = new StandaloneBroker();

  @BeforeEach
  void startBothNodes() {
    Nodes nodes = new Nodes(controller);
    nodes.startAll();
  }

  @Test
  void theBrokerKilledAndRestartedInAStormLosesNoAcknowledgedMessageAndRepeatsNone()
      throws Exception {
    Storm storm = Storm.of(IDENTITIES, 1);
    int refusedAtTheKill;
    try (Sender sender = new Sender()) {
      CompletableFuture<Void> producer =
          sender.sendInTheBackground(storm.messages(), SEND_DEADLINE);
      sender.awaitAcknowledged(IDENTITIES / 3, producer);
      int acknowledgedAtTheKill = sender.acknowledged();
      refusedAtTheKill = sender.refusals();
      broker.killHard();
      // Down until the producer has found it down, not for a fixed time: the outage is the
      // scenario, and a broker back before the next send would leave it untested.
      Awaitility.await("the producer finding the broker down")
          .atMost(SEND_DEADLINE)
          .until(() -> sender.refusals() > refusedAtTheKill);
      broker.start();
      producer.get(SEND_DEADLINE.toSeconds(), TimeUnit.SECONDS);
      assertTrue(acknowledgedAtTheKill < IDENTITIES, "the broker died in the middle of the storm");

      Oracle.Figures figures = storm.settled();
      System.out.printf(
          "[broker killed] %d identities: %d acknowledged when the broker was killed, %d sends"
              + " refused while it was down and sent again; %s%n",
          IDENTITIES, acknowledgedAtTheKill, sender.refusals() - refusedAtTheKill, figures);
    }
  }
}
