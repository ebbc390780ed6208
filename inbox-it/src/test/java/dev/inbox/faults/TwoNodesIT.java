package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.InboxTest;
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
 * Two WildFly nodes consume the one inbox queue of a shared broker and write to one database. The
 * unique key decides every race between them (copies of a message, and a webhook delivered to both
 * nodes at once), and a node killed in a storm leaves nothing lost and nothing applied twice once
 * it is back.
 */
@InboxTest
@RunAsClient
@Tag("same-on-every-database")
class TwoNodesIT {

  private static final int IDENTITIES = 200;
  private static final int WEBHOOKS = 50;
  private static final String APPLIED = "inbox_applied_total";
  private static final String DUPLICATES = "inbox_duplicates_total";
  private static final String CONFLICTS = "inbox_conflicts_total";

  @ArquillianResource private ContainerController controller;

  private Nodes nodes;
  private final Database database = new Database();
  private final StandaloneBroker broker = new StandaloneBroker();

  @BeforeEach
  void startBothNodes() {
    nodes = new Nodes(controller);
    nodes.startAll();
  }

  @Test
  void theSameIdentitiesStormedAtBothNodesTakeEffectOnce() {
    // Each identity twice in a row: the broker hands the two copies to different sessions, often
    // on different nodes, at the same moment.
    Storm storm = Storm.of(IDENTITIES, 2);
    String consumer = storm.consumer();
    double appliedOnABefore = Node.A.counter(APPLIED, consumer);
    double appliedOnBBefore = Node.B.counter(APPLIED, consumer);
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
                Node.onEveryNode(APPLIED, consumer) - appliedOnABefore - appliedOnBBefore
                        >= IDENTITIES
                    && Node.onEveryNode(DUPLICATES, consumer) - duplicates >= IDENTITIES);
    double appliedOnA = Node.A.counter(APPLIED, consumer) - appliedOnABefore;
    double appliedOnB = Node.B.counter(APPLIED, consumer) - appliedOnBBefore;
    System.out.printf(
        "[two nodes, same identities] %d identities, each sent twice: applied %.0f on node A and"
            + " %.0f on node B, duplicates %.0f, races lost and absorbed %.0f; %s%n",
        IDENTITIES,
        appliedOnA,
        appliedOnB,
        Node.onEveryNode(DUPLICATES, consumer) - duplicates,
        Node.onEveryNode(CONFLICTS, consumer) - conflicts,
        figures);
    assertEquals(IDENTITIES, appliedOnA + appliedOnB, "applied across the nodes");
    assertTrue(appliedOnA > 0 && appliedOnB > 0, "both nodes consumed the queue");
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
      for (Node node : List.of(Node.A, Node.B)) {
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
    double appliedOnB = Node.B.counter(APPLIED, storm.consumer());
    try (Sender sender = new Sender()) {
      sender.sendTogether(storm.messages());
    }
    Awaitility.await("node B applying its share of the storm")
        .atMost(Duration.ofSeconds(120))
        .until(() -> Node.B.counter(APPLIED, storm.consumer()) - appliedOnB >= 20);
    nodes.killHard(Node.B);
    int appliedAtTheKill = database.rows(storm.consumer(), storm.run());

    // Node A alone takes what node B held, until the queue holds only what B left prepared: that
    // waits for B's own recovery. A transaction B left in doubt is prepared in the broker, in the
    // database, or in both.
    record Seen(int preparedInBroker, int preparedInDatabase, long queued, int applied) {}
    Seen inDoubt =
        Awaitility.await("node A applying the rest while node B is down")
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

    nodes.start(Node.B);
    Oracle.Figures figures = storm.settled();
    System.out.printf(
        "[two nodes, one killed] %d identities: %d applied when node B was killed, %d with node A"
            + " alone, B's transactions in doubt until it came back: %d prepared in the broker,"
            + " %d in the database; after B's restart: %s%n",
        total,
        appliedAtTheKill,
        appliedWhileDown,
        inDoubt.preparedInBroker(),
        inDoubt.preparedInDatabase(),
        figures);
    assertTrue(appliedAtTheKill < total, "node B was killed in the middle of the storm");
  }
}
