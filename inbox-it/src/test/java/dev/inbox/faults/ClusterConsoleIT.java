package dev.inbox.faults;

import static dev.inbox.it.ConsoleClient.encoded;
import static dev.inbox.it.ConsoleClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.ConsoleClient;
import dev.inbox.it.InboxTest;
import dev.inbox.testkit.TestMessage;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The console on the cluster setup: each node's console reads the standalone broker's quarantine
 * through the inbox's connection factory and acts on it over the broker's JMX ({@code
 * inbox.console.broker.*}, as docs/cluster.md sets them), and what one node's console does, the
 * other's shows: the broker holds the messages and the database the audit.
 */
@InboxTest
@RunAsClient
@Tag("same-on-every-database")
class ClusterConsoleIT {

  @ArquillianResource private ContainerController controller;

  private final StandaloneBroker broker = new StandaloneBroker();

  @BeforeEach
  void startBothNodes() {
    new Nodes(controller).startAll();
  }

  @Test
  void whatOneNodesConsoleDoesTheOtherNodesConsoleShows() {
    String run = TestMessage.newRun();
    // No consumer handles this type: a node quarantines the message, and again after a redrive.
    String type = "it.cluster-console-" + run;
    ConsoleClient onA = console(Node.A);
    ConsoleClient onB = console(Node.B);
    String list = "quarantine?type=" + encoded(type);
    try (Sender sender = new Sender()) {
      sender.sendTogether(List.of(TestMessage.of(run, run + "-nobody", type, "{}")));
    }
    await("quarantined and listed on both nodes")
        .until(
            () ->
                onA.read("it-reader", list).getInt("total") == 1
                    && onB.read("it-reader", list).getInt("total") == 1);
    JsonObject first = onA.read("it-reader", list).getJsonArray("messages").getJsonObject(0);

    String redrive = UUID.randomUUID().toString();
    HttpResponse<String> redriven =
        onA.post(
            "it-operator",
            "quarantine/actions",
            ConsoleClient.action(
                redrive,
                "redrive",
                "\"entries\": [\"" + first.getString("entry") + "\"]",
                "redriven by node A of " + run),
            null);
    // Back on the inbox queue, a node quarantines it again: a copy set aside later.
    await("quarantined again after the redrive")
        .until(
            () -> {
              JsonObject listed = onB.read("it-reader", list);
              return listed.getInt("total") == 1
                  && !listed
                      .getJsonArray("messages")
                      .getJsonObject(0)
                      .getString("enqueuedAt")
                      .equals(first.getString("enqueuedAt"));
            });
    String discard = UUID.randomUUID().toString();
    HttpResponse<String> discarded =
        onB.post(
            "it-operator",
            "quarantine/actions",
            ConsoleClient.action(
                discard,
                "discard",
                "\"filter\": {\"type\": \"" + type + "\"}",
                "discarded by node B of " + run),
            null);

    assertEquals(200, redriven.statusCode(), redriven.body());
    assertEquals(1, json(redriven.body()).getJsonObject("action").getInt("messages"));
    assertEquals(200, discarded.statusCode(), discarded.body());
    assertEquals(1, json(discarded.body()).getJsonObject("action").getInt("messages"));
    assertEquals(0, broker.count(BrokerView.QUARANTINE, TestMessage.RUN + " = '" + run + "'"));
    assertEquals(0, onA.read("it-reader", list).getInt("total"), "node A's list");
    Set<String> audited =
        onA.readArray("it-reader", "actions?size=200").stream()
            .map(JsonValue::asJsonObject)
            .filter(action -> action.getString("requestedBy").equals("it-operator"))
            .map(action -> action.getString("id"))
            .collect(Collectors.toSet());
    assertTrue(
        audited.containsAll(Set.of(redrive, discard)),
        "both nodes' actions in the audit node A lists: " + audited);
  }

  private static ConsoleClient console(Node node) {
    return new ConsoleClient(node.httpUrl(), FaultCell.required("faults.console-password"));
  }

  private static org.awaitility.core.ConditionFactory await(String what) {
    return Awaitility.await(what)
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(500));
  }
}
