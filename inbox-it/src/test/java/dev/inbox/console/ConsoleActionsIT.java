package dev.inbox.console;

import static dev.inbox.it.ConsoleClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Broker;
import dev.inbox.it.ConsoleClient;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.Cures;
import dev.inbox.it.handlers.Invocations;
import dev.inbox.it.handlers.PoisonHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.testkit.Scrape;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The console's actions over real HTTP: a quarantined message redriven after its fix is applied
 * once, a group and a dead letter discarded by a filter are gone; an action asked again with its id
 * is not carried out again; every action is in the audit with who, when, what and why; only an
 * operator acts, and not from another site.
 */
@InboxTest
@Tag("http")
class ConsoleActionsIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(ConsoleActionsIT.class);
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;
  @Inject private Invocations invocations;
  @Inject private Cures cures;

  @Test
  void aMessageRedrivenAfterItsFixIsAppliedOnceAndTheActionIsAuditedOnce() {
    String run = TestMessage.newRun();
    String id = run + "-order-7";
    producer.send(TestMessage.of(run, id, PoisonHandler.TYPE, "{\"order\": 7}"));
    broker.settledWhen("quarantined after its attempts", () -> broker.quarantined(run).size() == 1);
    int failedCalls = invocations.of(PoisonHandler.CONSUMER, id);
    String entry = trace(id).getJsonArray("quarantined").getJsonObject(0).getString("entry");
    cures.cure(id);
    Scrape before = Settings.ofServer().scrape();
    String action =
        action(UUID.randomUUID().toString(), "redrive", "\"entries\": [\"" + entry + "\"]", run);

    HttpResponse<String> done = post("it-operator", "quarantine/actions", action, null);
    broker.settledWhen("the redriven message applied", () -> rows.inbox(run) == 1);
    HttpResponse<String> again = post("it-operator", "quarantine/actions", action, null);
    broker.settled("the inbox queue");
    Scrape after = Settings.ofServer().scrape();

    assertEquals(200, done.statusCode(), done.body());
    assertEquals(1, json(done.body()).getJsonObject("action").getInt("messages"), done.body());
    assertFalse(json(done.body()).getBoolean("replayed"), done.body());
    assertEquals(200, again.statusCode(), again.body());
    assertTrue(json(again.body()).getBoolean("replayed"), again.body());
    assertEquals(1, rows.effects(PoisonHandler.CONSUMER, run), "effects");
    assertEquals(failedCalls + 1, invocations.of(PoisonHandler.CONSUMER, id), "handler calls");
    assertTrue(broker.quarantined(run).isEmpty(), "quarantined messages");
    JsonObject audited = audited(json(action).getString("id"));
    assertEquals("it-operator", audited.getString("requestedBy"), audited.toString());
    assertEquals("redrive", audited.getString("action"));
    assertEquals("quarantine", audited.getString("queue"));
    assertEquals("the fix of " + run + " is deployed", audited.getString("reason"));
    assertTrue(audited.getString("selection").contains(entry), audited.toString());
    Map<String, String> redrives = Map.of("action", "redrive", "queue", "quarantine");
    for (String counter :
        List.of("inbox_console_actions_total", "inbox_console_action_messages_total")) {
      assertEquals(
          1,
          after.value(counter, redrives) - before.value(counter, redrives),
          counter + ": the action counted once, not again when asked again");
    }
  }

  @Test
  void aQuarantinedGroupAndADeadLetterDiscardedByAFilterAreGone() {
    String run = TestMessage.newRun();
    String type = "it.console-discard-" + run;
    producer.send(
        TestMessage.of(run, run + "-1", type, "{}"),
        TestMessage.of(run, run + "-2", type, "{}"),
        TestMessage.of(run, run + "-3", type, "{}"));
    broker.settledWhen("three quarantined", () -> broker.quarantined(run).size() == 3);
    // Through the broker's management on a standalone broker, which gives it no JMSMessageID:
    // selected by a filter.
    broker.deadLetter(TestMessage.of(run, run + "-dead", type, "{}"));
    assertEquals(1, trace(run + "-dead").getJsonArray("deadLettered").size(), "the dead letter");

    HttpResponse<String> group =
        post(
            "it-operator",
            "quarantine/actions",
            action(
                UUID.randomUUID().toString(),
                "discard",
                "\"filter\": {\"reason\": \"unknown-type\", \"type\": \"" + type + "\"}",
                run),
            null);
    HttpResponse<String> dead =
        post(
            "it-operator",
            "dead-letters/actions",
            action(
                UUID.randomUUID().toString(),
                "discard",
                "\"filter\": {\"type\": \"" + type + "\"}",
                run),
            null);

    assertEquals(200, group.statusCode(), group.body());
    assertEquals(3, json(group.body()).getJsonObject("action").getInt("messages"), group.body());
    assertEquals(200, dead.statusCode(), dead.body());
    assertEquals(1, json(dead.body()).getJsonObject("action").getInt("messages"), dead.body());
    assertTrue(broker.quarantined(run).isEmpty(), "quarantined messages");
    assertTrue(broker.deadLettered(run).isEmpty(), "dead letters");
    assertEquals(0, rows.inbox(run), "inbox rows: nothing applied");
  }

  @Test
  void onlyAnOperatorActsOnlyFromThisSiteAndOnlyOnAWellFormedAction() {
    String run = TestMessage.newRun();
    String action =
        action(UUID.randomUUID().toString(), "discard", "\"entries\": [\"ID:" + run + "\"]", run);
    String another =
        action(
            json(action).getString("id"),
            "redrive",
            "\"entries\": [\"ID:" + run + "-other\"]",
            run);

    HttpResponse<String> reader = post("it-reader", "quarantine/actions", action, null);
    HttpResponse<String> anonymous = post("", "quarantine/actions", action, null);
    HttpResponse<String> crossSite =
        post("it-operator", "quarantine/actions", action, "http://attacker.example");
    HttpResponse<String> first = post("it-operator", "quarantine/actions", action, null);
    HttpResponse<String> reused = post("it-operator", "quarantine/actions", another, null);
    HttpResponse<String> noReason =
        post(
            "it-operator",
            "quarantine/actions",
            "{\"id\": \""
                + UUID.randomUUID()
                + "\", \"action\": \"discard\", \"entries\": [\"x\"]}",
            null);

    assertEquals(403, reader.statusCode(), reader.body());
    assertEquals(401, anonymous.statusCode(), anonymous.body());
    assertEquals(403, crossSite.statusCode(), crossSite.body());
    assertTrue(crossSite.body().contains("urn:inbox:console:cross-site"), crossSite.body());
    assertEquals(200, first.statusCode(), first.body());
    assertEquals(0, json(first.body()).getJsonObject("action").getInt("messages"), first.body());
    assertEquals(400, reused.statusCode(), reused.body());
    assertTrue(reused.body().contains("give a new action a new id"), reused.body());
    assertEquals(400, noReason.statusCode(), noReason.body());
    assertTrue(noReason.body().contains("reason is required"), noReason.body());
  }

  /** An action's body, with a reason for the audit that names the test's run. */
  private static String action(String id, String kind, String selection, String run) {
    return ConsoleClient.action(id, kind, selection, "the fix of " + run + " is deployed");
  }

  private static JsonObject trace(String messageId) {
    return console().read("it-reader", "messages?id=" + ConsoleClient.encoded(messageId));
  }

  private static JsonObject audited(String actionId) {
    return console().readArray("it-reader", "actions?size=200").stream()
        .map(JsonValue::asJsonObject)
        .filter(action -> action.getString("id").equals(actionId))
        .findFirst()
        .orElseThrow(() -> new AssertionError("not in the audit: " + actionId));
  }

  private static HttpResponse<String> post(String user, String path, String body, String origin) {
    return console().post(user, path, body, origin);
  }

  /** The console of the server under test, read inside it. */
  private static ConsoleClient console() {
    return ConsoleClient.ofServer();
  }
}
