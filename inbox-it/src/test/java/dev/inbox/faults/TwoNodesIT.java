package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.InboxTest;
import dev.inbox.it.handlers.CrashPoint;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.TestEffect;
import dev.inbox.testkit.TestMessage;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Two nodes (the cell's first two: WildFly nodes A and B, or two Payara domains) consume the one
 * inbox queue of a shared broker and write to one database. The unique key decides every race
 * between them (copies of a message, and a webhook delivered to both nodes at once), and a node
 * killed in a storm leaves nothing lost and nothing applied twice once it is back.
 */
@InboxTest
@RunAsClient
@Tag("same-on-every-database")
class TwoNodesIT {

  private static final int IDENTITIES = 200;
  private static final int WEBHOOKS = 50;
  private static final int IN_FLIGHT = 30;
  private static final String APPLIED = "inbox_applied_total";
  private static final String DUPLICATES = "inbox_duplicates_total";
  private static final String CONFLICTS = "inbox_conflicts_total";

  @ArquillianResource private ContainerController controller;

  private final Node first = Node.ofCell(0);
  private final Node second = Node.ofCell(1);
  private Nodes nodes;
  private final Database database = new Database();
  private final StandaloneBroker broker = new StandaloneBroker();

  /**
   * Both nodes up and consuming: every MDB session of each has its consumer on the queue. A Payara
   * domain's first start deploys the EAR only once the domain is up, and its sessions attach a
   * moment later; a storm sent before would go to the other node's sessions alone.
   */
  @BeforeEach
  void startBothNodes() {
    nodes = new Nodes(controller);
    nodes.startAll();
    int sessions = Node.ofCell().size() * FaultCell.mdbSessions();
    Awaitility.await("the MDB sessions of every node consuming the inbox queue")
        .atMost(Duration.ofMinutes(3))
        .until(() -> broker.consumers(StandaloneBroker.INBOX_QUEUE) >= sessions);
  }

  @Test
  void theSameIdentitiesStormedAtBothNodesTakeEffectOnce() {
    // Each identity twice in a row: the broker hands the two copies to different sessions, often
    // on different nodes, at the same moment.
    Storm storm = Storm.of(IDENTITIES, 2);
    String consumer = storm.consumer();
    double appliedOnFirstBefore = first.counter(APPLIED, consumer);
    double appliedOnSecondBefore = second.counter(APPLIED, consumer);
    double duplicates = Node.onEveryNode(DUPLICATES, consumer);
    double conflicts = Node.onEveryNode(CONFLICTS, consumer);
    try (Sender sender = new Sender()) {
      sender.sendTogether(storm.messages());
    }

    Oracle.Figures figures = storm.settled();
    // The counters move when each transaction has committed: a moment after the oracle's rows.
    Awaitility.await("every identity counted once as applied and once as a duplicate")
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                Node.onEveryNode(APPLIED, consumer) - appliedOnFirstBefore - appliedOnSecondBefore
                        >= IDENTITIES
                    && Node.onEveryNode(DUPLICATES, consumer) - duplicates >= IDENTITIES);
    double appliedOnFirst = first.counter(APPLIED, consumer) - appliedOnFirstBefore;
    double appliedOnSecond = second.counter(APPLIED, consumer) - appliedOnSecondBefore;
    System.out.printf(
        "[two nodes, same identities] %d identities, each sent twice: applied %.0f on %s and"
            + " %.0f on %s, duplicates %.0f, races lost and absorbed %.0f; %s%n",
        IDENTITIES,
        appliedOnFirst,
        first,
        appliedOnSecond,
        second,
        Node.onEveryNode(DUPLICATES, consumer) - duplicates,
        Node.onEveryNode(CONFLICTS, consumer) - conflicts,
        figures);
    assertEquals(IDENTITIES, appliedOnFirst + appliedOnSecond, "applied across the nodes");
    assertTrue(appliedOnFirst > 0 && appliedOnSecond > 0, "both nodes consumed the queue");
    assertEquals(IDENTITIES, Node.onEveryNode(DUPLICATES, consumer) - duplicates, "duplicates");
    assertTrue(
        Node.onEveryNode(CONFLICTS, consumer) - conflicts > 0,
        "copies raced across the nodes on the unique key, and lost cleanly");
  }

  @Test
  void oneWebhookDeliveredAtBothNodesAtOnceTakesEffectOnce() {
    // A partner's retry can reach another node than its first delivery, at the same moment.
    String run = Webhook.identity(TestMessage.newRun());
    Map<String, String> payloads = new TreeMap<>();
    List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    for (int i = 0; i < WEBHOOKS; i++) {
      String deliveryId = run.substring(Webhook.identity("").length()) + "-" + i;
      String body = "{\"n\": %d}".formatted(i);
      payloads.put(
          Webhook.identity(deliveryId), TestEffect.sha256(body.getBytes(StandardCharsets.UTF_8)));
      for (Node node : List.of(first, second)) {
        answers.add(
            http.sendAsync(
                Webhook.delivery(node, run, deliveryId, body),
                HttpResponse.BodyHandlers.ofString()));
      }
    }

    for (CompletableFuture<HttpResponse<String>> answer : answers) {
      assertEquals(202, answer.join().statusCode(), () -> answer.join().body());
    }
    Oracle.Figures figures =
        new Oracle().check(EffectHandler.CONSUMER, run, payloads, Node.ofCell());
    System.out.printf(
        "[two nodes, one webhook twice] %d deliveries, each to both nodes at once: %s%n",
        WEBHOOKS, figures);
  }

  @Test
  void aNodeKilledInAStormLeavesTheRestToTheOtherAndNothingRepeatsWhenItIsBack() {
    Storm storm = Storm.of(IDENTITIES * 2, 1);
    int total = storm.identities().size();
    double appliedOnSecond = second.counter(APPLIED, storm.consumer());
    try (Sender sender = new Sender()) {
      sender.sendTogether(storm.messages());
    }
    Awaitility.await(second + " applying its share of the storm")
        .atMost(Duration.ofSeconds(120))
        .until(() -> second.counter(APPLIED, storm.consumer()) - appliedOnSecond >= 20);
    nodes.killHard(second);
    int appliedAtTheKill = database.rows(storm.consumer(), storm.run());

    // The first node alone takes what the second held, until the queue holds only what the second
    // left prepared: that waits for its own recovery. A transaction it left in doubt is prepared in
    // the broker, in the database, or in both.
    record Seen(int preparedInBroker, int preparedInDatabase, long queued, int applied) {}
    Seen inDoubt =
        Awaitility.await(first + " applying the rest while " + second + " is down")
            .atMost(Duration.ofSeconds(180))
            .until(
                () ->
                    new Seen(
                        broker.preparedTransactions(),
                        database.preparedTransactions(),
                        broker.depth(StandaloneBroker.INBOX_QUEUE),
                        database.rows(storm.consumer(), storm.run())),
                seen ->
                    seen.queued() <= seen.preparedInBroker()
                        && seen.applied() + seen.preparedInBroker() + seen.preparedInDatabase()
                            >= total);
    int appliedWhileDown = database.rows(storm.consumer(), storm.run());

    nodes.start(second);
    Oracle.Figures figures = storm.settled();
    System.out.printf(
        "[two nodes, one killed] %d identities: %d applied when %s was killed, %d with %s alone,"
            + " the killed node's transactions in doubt until it came back: %d prepared in the"
            + " broker, %d in the database; after its restart: %s%n",
        total,
        appliedAtTheKill,
        second,
        appliedWhileDown,
        first,
        inDoubt.preparedInBroker(),
        inDoubt.preparedInDatabase(),
        figures);
    assertTrue(appliedAtTheKill < total, second + " was killed in the middle of the storm");
  }

  /**
   * A node's recovery finishes only its own transactions. The first node halts with its commit
   * decision logged and branches prepared in the broker (and, under XA, in the database); the
   * second starts, and its recovery, which asks the same broker and database for every prepared
   * branch, leaves the first's alone: each server tells its own apart by the name its transaction
   * manager writes into every branch (WildFly's {@code jboss.tx.node.id}, Payara's {@code
   * xa-servername}), which must differ between the servers. Had the second rolled them back, the
   * halted message would come again and be applied on a second delivery; instead the first node's
   * restart commits them.
   */
  @Test
  void aNodesRecoveryLeavesWhatAnotherNodeLeftInDoubtToThatNode() {
    nodes.stop(second);
    Storm storm = Storm.crashingAt(CrashPoint.AFTER_COMMIT_DECISION, IN_FLIGHT);
    ProcessHandle process = nodes.process(first);
    try (Sender sender = new Sender()) {
      sender.sendTogether(storm.messages());
    }
    nodes.awaitHalt(first, process);
    String haltedOn = storm.haltedOn();
    List<String> inBrokerAtTheHalt = broker.preparedTransactionList();
    int inDatabaseAtTheHalt = database.preparedTransactions();
    assertTrue(!inBrokerAtTheHalt.isEmpty(), first + " left its broker branch prepared");

    nodes.start(second);
    Awaitility.await(second + " applying what " + first + " did not leave in doubt")
        .atMost(FaultCell.settleDeadline())
        .until(
            () ->
                broker.depth(StandaloneBroker.INBOX_QUEUE) <= broker.preparedTransactions()
                    && second.counter(APPLIED, storm.consumer()) > 0);
    // The second's recovery runs at its start (Payara: before its first transaction) and every
    // few seconds (WildFly's periodic recovery: 5 s in these cells, and a branch it takes for an
    // orphan of its own is rolled back only 20 s after its scans first saw it, Narayana's
    // orphanSafetyInterval): long enough for both.
    Awaitility.await(
            "%s's branches in doubt (broker %s, database %d) kept while %s recovers"
                .formatted(first, inBrokerAtTheHalt, inDatabaseAtTheHalt, second))
        .during(Duration.ofSeconds(35))
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                broker.preparedTransactionList().containsAll(inBrokerAtTheHalt)
                    && database.preparedTransactions() >= inDatabaseAtTheHalt);

    nodes.start(first);
    Oracle.Figures figures = storm.settled();
    System.out.printf(
        "[two nodes, recovery of its own] %s halted on %s with %d branches prepared in the broker"
            + " and %d in the database; %s left them alone, and %s's restart committed them: %s%n",
        first, haltedOn, inBrokerAtTheHalt.size(), inDatabaseAtTheHalt, second, first, figures);
    assertEquals(
        Optional.of(1),
        database.appliedOnDelivery(storm.consumer(), haltedOn),
        "the halted message applied on its first delivery, committed by " + first + "'s recovery");
  }
}
