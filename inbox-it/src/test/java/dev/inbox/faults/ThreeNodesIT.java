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
 * Three WildFly nodes on the broker pair (profile broker-pair) take a storm in which every identity
 * is sent three times in a row, so that its copies reach different nodes at the same moment, while
 * node C is killed with SIGKILL and node B is stopped and started again; node C is started last.
 * The unique key decides every race, what node C held in flight (unacknowledged on the broker, or,
 * if anything, prepared in doubt) waits for it and its recovery, and every identity is applied
 * exactly once. Under XA, a database branch node C left prepared holds its identity's key: a copy
 * of that identity on another node waits on it until C's recovery ends it.
 */
@InboxTest
@RunAsClient
class ThreeNodesIT {

  private static final int COPIES = 3;

  /** Sent in one transaction first: the three nodes race for their copies. */
  private static final int BACKLOG = 100;

  /** Sent one by one while a node is killed and another restarted. */
  private static final int WHILE_THE_NODES_CHANGE = 150;

  /**
   * Sent in one transaction just before node B is stopped, so that it stops with messages queued or
   * in delivery however fast the nodes applied what came before.
   */
  private static final int AT_THE_STOP = 50;

  /** Sent in one transaction once node B is back, so that it takes its share. */
  private static final int AFTER_THE_RESTART = 50;

  private static final Duration SEND_DEADLINE = Duration.ofSeconds(240);

  @ArquillianResource private ContainerController controller;

  private Nodes nodes;
  private final Database database = new Database();
  private final BrokerView broker = BrokerView.ofCell();

  @BeforeEach
  void startTheThreeNodes() {
    assertTrue(
        Node.ofCell().containsAll(List.of(Node.A, Node.B, Node.C)),
        "this test needs the three WildFly nodes of the broker-pair cell (faults.nodes="
            + System.getProperty("faults.nodes")
            + "): run it with -Pfaults,postgresql,broker-pair");
    nodes = new Nodes(controller);
    nodes.startAll();
  }

  @Test
  void theSameIdentitiesAtThreeNodesTakeEffectOnceThoughOneIsKilledAndOneRestarted()
      throws Exception {
    int identities = BACKLOG + WHILE_THE_NODES_CHANGE + AT_THE_STOP + AFTER_THE_RESTART;
    Storm storm = Storm.of(identities, COPIES);
    List<TestMessage> messages = storm.messages();
    int produced = (BACKLOG + WHILE_THE_NODES_CHANGE) * COPIES;
    int sentAtTheStop = produced + AT_THE_STOP * COPIES;
    int appliedAtTheKill;
    int preparedInBroker;
    int preparedInDatabase;
    long queuedAtTheStop;
    double appliedOnBAfterItsRestart;
    try (Sender sender = new Sender()) {
      sender.sendTogether(messages.subList(0, BACKLOG * COPIES));
      CompletableFuture<Void> producer =
          sender.sendInTheBackground(messages.subList(BACKLOG * COPIES, produced), SEND_DEADLINE);
      storm.awaitApplied(BACKLOG / 5);
      nodes.killHard(Node.C);
      appliedAtTheKill = storm.applied();
      // Nodes A and B go on alone; what C held waits for it.
      storm.awaitApplied(appliedAtTheKill + BACKLOG / 5);
      preparedInBroker = broker.preparedTransactions();
      preparedInDatabase = database.preparedTransactions();
      sender.sendTogether(messages.subList(produced, sentAtTheStop));
      queuedAtTheStop = broker.depth(BrokerView.INBOX_QUEUE);
      nodes.stop(Node.B);
      nodes.start(Node.B);
      nodes.start(Node.C);
      producer.get(SEND_DEADLINE.toSeconds(), TimeUnit.SECONDS);
      sender.sendTogether(messages.subList(sentAtTheStop, messages.size()));
      // Counters start from zero when a node starts: whatever B counts now, it applied since.
      Awaitility.await("node B applying messages again")
          .atMost(Duration.ofSeconds(120))
          .until(() -> Node.B.counter("inbox_applied_total", storm.consumer()) > 0);
      appliedOnBAfterItsRestart = Node.B.counter("inbox_applied_total", storm.consumer());
    }

    Oracle.Figures figures = storm.settled();
    System.out.printf(
        "[three nodes] %d identities, each sent %d times: %d applied when node C was killed, in"
            + " doubt while it was down: %d prepared in the broker, %d in the database; %d queued"
            + " or in delivery when node B was stopped, %.0f applied by B after its restart; %s%n",
        identities,
        COPIES,
        appliedAtTheKill,
        preparedInBroker,
        preparedInDatabase,
        queuedAtTheStop,
        appliedOnBAfterItsRestart,
        figures);
    assertTrue(appliedAtTheKill < BACKLOG, "node C was killed before the backlog was applied");
    assertTrue(queuedAtTheStop > 0, "node B was stopped with messages queued or in delivery");
  }
}
