package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.InboxTest;
import dev.inbox.it.handlers.EffectHandler;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A server killed with {@code SIGKILL} in the middle of a storm, with no other node to take its
 * messages: what it held in flight stays on the queue or prepared in the broker and the database
 * until it is back; started again, its recovery finishes what was decided, the broker redelivers
 * the rest, and every identity is applied once. (With two nodes, {@link TwoNodesIT} kills one while
 * the other works on.)
 */
@InboxTest
@RunAsClient
class NodeKillIT {

  private static final int IDENTITIES = 400;

  @ArquillianResource private ContainerController controller;

  private Nodes nodes;
  private final Node server = Node.crashing();
  private final Database database = new Database();
  private final BrokerView broker = BrokerView.ofCell();

  @BeforeEach
  void startTheServerAlone() {
    nodes = new Nodes(controller);
    nodes.startAlone(server);
  }

  @Test
  void aServerKilledInAStormAndStartedAgainLosesNothingAndRepeatsNothing() {
    Storm storm = Storm.of(IDENTITIES, 1);
    double applied = server.counter("inbox_applied_total", EffectHandler.CONSUMER);
    try (Sender sender = new Sender()) {
      sender.sendTogether(storm.messages());
    }
    Awaitility.await("the server applying the storm")
        .atMost(Duration.ofSeconds(120))
        .until(() -> server.counter("inbox_applied_total", EffectHandler.CONSUMER) - applied >= 20);
    nodes.killHard(server);
    int appliedAtTheKill = database.rows(storm.consumer(), storm.run());
    int preparedInBroker = broker.preparedTransactions();
    int preparedInDatabase = database.preparedTransactions();

    nodes.start(server);
    Oracle.Figures figures = storm.settled();
    System.out.printf(
        "[server killed] %d identities: %d applied when it was killed, in doubt then: %d prepared"
            + " in the broker, %d in the database; after its restart: %s%n",
        IDENTITIES, appliedAtTheKill, preparedInBroker, preparedInDatabase, figures);
    assertTrue(appliedAtTheKill < IDENTITIES, "the server was killed in the middle of the storm");
  }
}
