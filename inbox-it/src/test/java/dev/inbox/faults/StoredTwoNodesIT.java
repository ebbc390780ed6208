package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.InboxTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A consumer in store-then-process mode on two WildFly nodes that share the broker and the
 * database: both take messages in and both nodes' workers apply them. Each key's messages are
 * applied one at a time, whichever node claims them, so every key applies in the order of its
 * numbers, and the oracle holds: every identity applied exactly once, nothing left unfinished.
 */
@InboxTest
@RunAsClient
class StoredTwoNodesIT {

  private static final int IDENTITIES = 240;
  private static final int KEYS = 12;
  private static final String APPLIED = "inbox_applied_total";
  private static final String DUPLICATES = "inbox_duplicates_total";

  @ArquillianResource private ContainerController controller;

  private final Database database = new Database();

  @BeforeEach
  void startBothNodes() {
    new Nodes(controller).startAll();
  }

  @Test
  void bothNodesApplyEachKeyInOrderAndEveryIdentityOnce() {
    // Each identity twice in a row: the copies reach the two nodes' intakes at the same moment.
    Storm storm = Storm.stored(IDENTITIES, 2, KEYS);
    String consumer = storm.consumer();
    double appliedOnA = Node.A.counter(APPLIED, consumer);
    double appliedOnB = Node.B.counter(APPLIED, consumer);
    double duplicates = Node.onEveryNode(DUPLICATES, consumer);
    try (Sender sender = new Sender()) {
      sender.sendTogether(storm.messages());
    }

    Oracle.Figures figures = storm.settled();
    List<String> applied = database.appliedInOrder(consumer, storm.run());
    for (Map.Entry<String, List<String>> key : storm.identitiesByKey().entrySet()) {
      assertEquals(
          key.getValue(),
          applied.stream().filter(key.getValue()::contains).toList(),
          "the order of key " + key.getKey() + ": " + figures);
    }
    // The counters move when each transaction has committed: a moment after the oracle's rows.
    Awaitility.await("every identity counted once as applied and once as a duplicate")
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                Node.onEveryNode(APPLIED, consumer) - appliedOnA - appliedOnB >= IDENTITIES
                    && Node.onEveryNode(DUPLICATES, consumer) - duplicates >= IDENTITIES);
    double onA = Node.A.counter(APPLIED, consumer) - appliedOnA;
    double onB = Node.B.counter(APPLIED, consumer) - appliedOnB;
    System.out.printf(
        "[two nodes, store-then-process] %d identities in %d keys, each sent twice: applied %.0f"
            + " by node A's workers and %.0f by node B's; %s%n",
        IDENTITIES, KEYS, onA, onB, figures);
    assertEquals(IDENTITIES, onA + onB, "applied across the nodes");
    assertTrue(onA > 0 && onB > 0, "both nodes' workers applied messages of the run");
    assertEquals(IDENTITIES, Node.onEveryNode(DUPLICATES, consumer) - duplicates, "duplicates");
  }
}
