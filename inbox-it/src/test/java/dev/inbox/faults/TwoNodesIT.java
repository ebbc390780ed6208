package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * TESTING.md row 11: two WildFly nodes consume the one inbox queue of a shared broker and write to
 * one database. The unique key decides every race between them, and a node killed in a storm leaves
 * nothing lost and nothing applied twice once it is back.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class TwoNodesIT {

  private static final int IDENTITIES = 200;

  @ArquillianResource private ContainerController controller;

  private Nodes nodes;
  private final Database database = new Database();
  private final StandaloneBroker broker = new StandaloneBroker();

  @BeforeEach
  void startBothNodes() {
    nodes = new Nodes(controller);
    nodes.start(Node.A);
    nodes.start(Node.B);
  }

  @Test
  void theSameIdentitiesStormedAtBothNodesTakeEffectOnce() {
    // Each identity twice in a row: the broker hands the two copies to different sessions, often
    // on different nodes, at the same moment.
    Storm storm = Storm.of(IDENTITIES, 2);
    double[] appliedBefore = {
      Storm.counter(Node.A, "inbox_applied_total"), Storm.counter(Node.B, "inbox_applied_total")
    };
    double applied = appliedOnBothNodes();
    double duplicates = duplicatesOnBothNodes();
    double conflicts = conflictsOnBothNodes();
    try (Sender sender = new Sender()) {
      sender.sendTogether(storm.messages());
    }

    Oracle.Figures figures =
        new Oracle().check(Storm.CONSUMER, storm.run(), storm.identities(), Node.A, Node.B);

    // The counters move when each transaction has committed: a moment after the oracle's rows.
    Awaitility.await("every identity counted once as applied and once as a duplicate")
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                appliedOnBothNodes() - applied >= IDENTITIES
                    && duplicatesOnBothNodes() - duplicates >= IDENTITIES);
    double appliedOnA = Storm.counter(Node.A, "inbox_applied_total") - appliedBefore[0];
    double appliedOnB = Storm.counter(Node.B, "inbox_applied_total") - appliedBefore[1];
    System.out.printf(
        "[two nodes, same identities] %d identities, each sent twice: applied %.0f on node A and"
            + " %.0f on node B, duplicates %.0f, races lost and absorbed %.0f; %s%n",
        IDENTITIES,
        appliedOnA,
        appliedOnB,
        duplicatesOnBothNodes() - duplicates,
        conflictsOnBothNodes() - conflicts,
        figures);
    assertEquals(IDENTITIES, appliedOnA + appliedOnB, "applied across the nodes");
    assertTrue(appliedOnA > 0 && appliedOnB > 0, "both nodes consumed the queue");
    assertEquals(IDENTITIES, duplicatesOnBothNodes() - duplicates, "duplicates across the nodes");
  }

  @Test
  void aNodeKilledInAStormLeavesTheRestToTheOtherAndNothingRepeatsWhenItIsBack() {
    Storm storm = Storm.of(IDENTITIES * 2, 1);
    try (Sender sender = new Sender()) {
      sender.sendTogether(storm.messages());
    }
    Awaitility.await("node B applying its share of the storm")
        .atMost(Duration.ofSeconds(120))
        .until(() -> Storm.counter(Node.B, "inbox_applied_total") >= 20);
    nodes.killHard(Node.B);
    int appliedAtTheKill = database.rows(Storm.CONSUMER, storm.run());

    // Node A alone takes what node B held. What B left in doubt waits for B's own recovery: a
    // transaction prepared in the broker, in the database, or in both (counted twice, then).
    int[] inDoubt = new int[1];
    Awaitility.await("node A applying the rest while node B is down")
        .atMost(Duration.ofSeconds(180))
        .until(
            () -> {
              inDoubt[0] = broker.preparedTransactions() + database.preparedTransactions();
              return database.rows(Storm.CONSUMER, storm.run()) + inDoubt[0]
                  >= storm.identities().size();
            });
    int appliedWhileDown = database.rows(Storm.CONSUMER, storm.run());
    assertTrue(appliedWhileDown > appliedAtTheKill, "node A carried on without node B");

    nodes.start(Node.B);
    Oracle.Figures figures =
        new Oracle().check(Storm.CONSUMER, storm.run(), storm.identities(), Node.A, Node.B);
    System.out.printf(
        "[two nodes, one killed] %d identities: %d applied when node B was killed, %d with node A"
            + " alone, %d branches left in doubt until B came back; after B's restart: %s%n",
        storm.identities().size(), appliedAtTheKill, appliedWhileDown, inDoubt[0], figures);
  }

  private static double appliedOnBothNodes() {
    return onBothNodes("inbox_applied_total");
  }

  private static double duplicatesOnBothNodes() {
    return onBothNodes("inbox_duplicates_total");
  }

  private static double conflictsOnBothNodes() {
    return onBothNodes("inbox_conflicts_total");
  }

  private static double onBothNodes(String counter) {
    return Storm.counter(Node.A, counter) + Storm.counter(Node.B, counter);
  }
}
