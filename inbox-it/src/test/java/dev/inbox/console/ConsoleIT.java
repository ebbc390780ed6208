package dev.inbox.console;

import static dev.inbox.it.ConsoleClient.encoded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Broker;
import dev.inbox.it.ConsoleClient;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.RejectingHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.operations.Reprocessing;
import dev.inbox.spi.MessageRejectedException;
import dev.inbox.testkit.Http;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The console's API over real HTTP, behind the server's own login: a message traced through its
 * rows, its failures and its held copies; the quarantine and the dead-letter queue listed with
 * filters and pages, grouped by cause, and shown in detail, the body only to the role that may see
 * it; and nothing at all without a login or a console role.
 */
@InboxTest
@Tag("http")
class ConsoleIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(ConsoleIT.class, Map.of("inbox.console.keep-applied-bodies", "true"));
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;
  @Inject private Reprocessing reprocessing;

  @Test
  void quarantinedMessagesAreListedByPageGroupedAndShownWithoutTheirBody() {
    String run = TestMessage.newRun();
    String type = "it.console-" + run;
    producer.send(
        TestMessage.of(run, run + "-1", type, "{\"n\": 1}"),
        TestMessage.of(run, run + "-2", type, "{\"n\": 2}"),
        TestMessage.of(run, run + "-3", type, "{\"n\": 3}"));
    broker.settledWhen("three quarantined", () -> broker.quarantined(run).size() == 3);

    JsonObject first = console().read("it-reader", "quarantine?size=2&type=" + encoded(type));
    JsonObject second =
        console().read("it-reader", "quarantine?size=2&page=1&type=" + encoded(type));
    JsonObject grouped = console().read("it-reader", "quarantine/groups?type=" + encoded(type));
    JsonArray groups = grouped.getJsonArray("groups");

    assertEquals(3, first.getInt("total"), first.toString());
    assertTrue(first.getBoolean("complete"), first.toString());
    assertEquals(2, first.getJsonArray("messages").size(), first.toString());
    assertEquals(1, second.getJsonArray("messages").size(), second.toString());
    assertEquals(
        Set.of(run + "-1", run + "-2", run + "-3"),
        ids(first.getJsonArray("messages"), second.getJsonArray("messages")),
        "the pages together");
    JsonObject listed = first.getJsonArray("messages").getJsonObject(0);
    assertEquals("unknown-type", listed.getString("reason"), listed.toString());
    assertEquals(type, listed.getString("type"), listed.toString());
    assertTrue(grouped.getBoolean("complete"), grouped.toString());
    assertEquals(1, groups.size(), groups.toString());
    assertEquals("unknown-type", groups.getJsonObject(0).getString("reason"));
    assertEquals(3, groups.getJsonObject(0).getInt("count"));

    String entry = encoded(listed.getString("entry"));
    JsonObject hidden = console().read("it-reader", "quarantine/entries/" + entry);
    JsonObject shown = console().read("it-payload-reader", "quarantine/entries/" + entry);

    assertFalse(hidden.containsKey("body") && !hidden.isNull("body"), hidden.toString());
    assertEquals("text", hidden.getString("bodyKind"));
    assertEquals(8, hidden.getInt("bodySize"));
    assertEquals(run, hidden.getJsonObject("properties").getString(TestMessage.RUN));
    assertTrue(
        hidden.getJsonObject("guidance").getString("nextStep").contains("deploy the handler"),
        hidden.toString());
    assertTrue(shown.getString("body").startsWith("{\"n\": "), shown.toString());
  }

  @Test
  void aTraceShowsEachConsumersRowItsFailuresAndItsHeldCopies() {
    String run = TestMessage.newRun();
    producer.send(
        TestMessage.of(run, run + "-applied", EffectHandler.TYPE, "{}"),
        TestMessage.of(run, run + "-rejected", RejectingHandler.TYPE, "{}"));
    broker.settledWhen("the rejected one quarantined", () -> broker.quarantined(run).size() == 1);
    broker.settledWhen(
        "the other applied", () -> rows.inbox(EffectHandler.CONSUMER, run + "-applied") == 1);

    JsonObject applied = console().read("it-reader", "messages?id=" + encoded(run + "-applied"));
    JsonObject rejected = console().read("it-reader", "messages?id=" + encoded(run + "-rejected"));
    JsonArray groups =
        console()
            .read("it-reader", "quarantine/groups?consumer=" + RejectingHandler.CONSUMER)
            .getJsonArray("groups");

    JsonObject row = applied.getJsonArray("rows").getJsonObject(0);
    assertEquals(EffectHandler.CONSUMER, row.getString("consumer"), applied.toString());
    assertEquals("applied", row.getString("outcome"));
    assertEquals(1, row.getInt("deliveryCount"));
    assertTrue(applied.getJsonArray("quarantined").isEmpty(), applied.toString());
    JsonObject failure = rejected.getJsonArray("failures").getJsonObject(0);
    assertEquals(RejectingHandler.CONSUMER, failure.getString("consumer"), rejected.toString());
    assertEquals("permanent", failure.getString("kind"));
    assertTrue(rejected.getJsonArray("rows").isEmpty(), rejected.toString());
    String thrownAt = RejectingHandler.class.getName() + ".handle(RejectingHandler.java:";
    assertEquals(MessageRejectedException.class.getName(), failure.getString("errorType"));
    assertTrue(failure.getString("errorFrame").startsWith(thrownAt), failure.toString());
    JsonObject held = rejected.getJsonArray("quarantined").getJsonObject(0);
    assertEquals("rejected", held.getString("reason"));
    assertEquals(RejectingHandler.CONSUMER, held.getString("consumer"));
    assertEquals(failure.getString("errorType"), held.getString("errorType"), held.toString());
    assertEquals(failure.getString("errorFrame"), held.getString("errorFrame"));
    JsonObject group =
        groups.stream()
            .map(JsonValue::asJsonObject)
            .filter(each -> each.getString("reason").equals("rejected"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no group of rejections: " + groups));
    assertEquals(held.getString("errorType"), group.getString("errorType"), group.toString());
    assertEquals(held.getString("errorFrame"), group.getString("errorFrame"));
    JsonArray ofTheGroup =
        console()
            .read(
                "it-reader",
                "quarantine?errorType=%s&errorFrame=%s&size=200"
                    .formatted(
                        encoded(group.getString("errorType")),
                        encoded(group.getString("errorFrame"))))
            .getJsonArray("messages");
    JsonArray withoutACause =
        console()
            .read(
                "it-reader",
                "quarantine?errorType=-&size=200&consumer=" + RejectingHandler.CONSUMER)
            .getJsonArray("messages");
    assertTrue(
        ofTheGroup.stream()
            .map(JsonValue::asJsonObject)
            .allMatch(
                each ->
                    each.getString("errorType").equals(group.getString("errorType"))
                        && each.getString("errorFrame").equals(group.getString("errorFrame"))),
        "the group's filter lists only its messages: " + ofTheGroup);
    assertTrue(ids(ofTheGroup).contains(run + "-rejected"), "the group's filter: " + ofTheGroup);
    assertFalse(ids(withoutACause).contains(run + "-rejected"), "errorType=-: " + withoutACause);
  }

  @Test
  void aCollisionShowsBothFingerprintsAndWhatChangedWhereAndToWhatOnlyToAPayloadReader() {
    String run = TestMessage.newRun();
    String id = run + "-reused";
    producer.send(TestMessage.of(run, id, EffectHandler.TYPE, "{\"order\": 7, \"amount\": 10}"));
    broker.settledWhen("the first applied", () -> rows.inbox(EffectHandler.CONSUMER, id) == 1);
    producer.send(TestMessage.of(run, id, EffectHandler.TYPE, "{\"order\": 7, \"amount\": 12}"));
    broker.settledWhen("the second quarantined", () -> broker.quarantined(run).size() == 1);

    JsonObject trace = console().read("it-reader", "messages?id=" + encoded(id));
    String entry = trace.getJsonArray("quarantined").getJsonObject(0).getString("entry");
    JsonObject asReader = console().read("it-reader", "quarantine/entries/" + encoded(entry));
    JsonObject asPayloadReader =
        console().read("it-payload-reader", "quarantine/entries/" + encoded(entry));

    JsonObject collision = asReader.getJsonObject("collision");
    assertEquals("payload-mismatch", asReader.getJsonObject("message").getString("reason"));
    assertEquals(
        trace.getJsonArray("rows").getJsonObject(0).getString("fingerprint"),
        collision.getString("appliedFingerprint"),
        collision.toString());
    assertFalse(
        collision.getString("fingerprint").equals(collision.getString("appliedFingerprint")),
        collision.toString());
    assertTrue(collision.getBoolean("appliedBodyKept"), collision.toString());
    assertFalse(collision.containsKey("appliedBody"), "a reader sees no body: " + collision);
    JsonObject change = collision.getJsonArray("changes").getJsonObject(0);
    assertEquals(1, collision.getJsonArray("changes").size(), collision.toString());
    assertEquals("replace", change.getString("op"));
    assertFalse(change.containsKey("path"), "a reader sees not where: " + change);
    assertFalse(change.containsKey("value"), "a reader sees no value: " + change);
    JsonObject shown = asPayloadReader.getJsonObject("collision");
    assertEquals("/amount", shown.getJsonArray("changes").getJsonObject(0).getString("path"));
    assertEquals("12", shown.getJsonArray("changes").getJsonObject(0).getString("value"));
    assertEquals("{\"order\": 7, \"amount\": 10}", shown.getString("appliedBody"));
    long keptBeforeForgetting = rows.appliedBodies(EffectHandler.CONSUMER, id);
    reprocessing.forget(
        new Reprocessing.Request(
            UUID.randomUUID().toString(), EffectHandler.CONSUMER, List.of(id), "it", run));
    assertEquals(1, keptBeforeForgetting, "the applied body, kept");
    assertEquals(0, rows.appliedBodies(EffectHandler.CONSUMER, id), "gone with its row");
  }

  @Test
  void aDeadLetterIsListedAndTraced() {
    String run = TestMessage.newRun();
    String type = "it.console-dead-" + run;
    broker.deadLetter(TestMessage.of(run, run + "-dead", type, "{}"));

    JsonObject listed = console().read("it-reader", "dead-letters?type=" + encoded(type));
    JsonObject trace = console().read("it-operator", "messages?id=" + encoded(run + "-dead"));

    assertEquals(1, listed.getInt("total"), listed.toString());
    assertEquals(
        run + "-dead", listed.getJsonArray("messages").getJsonObject(0).getString("messageId"));
    assertEquals(1, trace.getJsonArray("deadLettered").size(), trace.toString());
    assertTrue(trace.getJsonArray("quarantined").isEmpty(), trace.toString());
  }

  @Test
  void theCountersShowTheLastHourMinuteByMinute() {
    long appliedBefore = applied(console().read("it-reader", "activity"));
    String run = TestMessage.newRun();
    producer.send(
        TestMessage.of(run, run + "-1", EffectHandler.TYPE, "{}"),
        TestMessage.of(run, run + "-2", EffectHandler.TYPE, "{}"));
    broker.settledWhen(
        "both applied and counted",
        () ->
            rows.inbox(EffectHandler.CONSUMER, run + "-1") == 1
                && rows.inbox(EffectHandler.CONSUMER, run + "-2") == 1
                && applied(console().read("it-reader", "activity")) == appliedBefore + 2
                && console().read("it-reader", "activity").containsKey("countedAt"));

    JsonObject activity = console().read("it-reader", "activity");
    JsonArray minutes = activity.getJsonArray("lastHour");

    assertEquals(60, minutes.size(), activity.toString());
    for (int i = 1; i < minutes.size(); i++) {
      assertEquals(
          Instant.parse(minutes.getJsonObject(i - 1).getString("start")).plusSeconds(60),
          Instant.parse(minutes.getJsonObject(i).getString("start")),
          "one minute after the other, oldest first");
    }
    Instant lastMinute = Instant.parse(minutes.getJsonObject(59).getString("start"));
    Duration sinceLastMinute = Duration.between(lastMinute, Instant.now());
    assertTrue(
        !sinceLastMinute.isNegative() && sinceLastMinute.compareTo(Duration.ofMinutes(2)) < 0,
        "the last is this minute: " + lastMinute);
  }

  @Test
  void withoutALoginOrAConsoleRoleNothingIsShown() {
    String url = console().url("quarantine");

    assertEquals(401, Http.get(url, "", "").status());
    assertEquals(401, Http.get(url, "it-reader", "not-the-password").status());
    assertEquals(403, Http.get(url, "it-outsider", console().password()).status());
    assertEquals(200, Http.get(url, "it-reader", console().password()).status());
  }

  @Test
  void aRequestTheConsoleCannotAnswerGetsAProblemSayingWhy() {
    Http.Response unknown =
        console().get("it-reader", "messages?id=" + encoded(TestMessage.newRun()));
    Http.Response reason = console().get("it-reader", "quarantine?reason=exhausted");
    Http.Response from = console().get("it-reader", "quarantine?from=yesterday");
    Http.Response size = console().get("it-reader", "dead-letters?size=100000");
    Http.Response entry =
        console().get("it-reader", "quarantine/entries/" + encoded("ID:no-such-entry"));

    assertEquals(200, unknown.status(), unknown.body());
    assertTrue(unknown.body().contains("\"found\":false"), unknown.body());
    assertEquals(400, reason.status(), reason.body());
    assertTrue(reason.body().contains("retries-exhausted"), reason.body());
    assertEquals(400, from.status(), from.body());
    assertTrue(from.body().contains("2026-12-04T09:30:00Z"), from.body());
    assertEquals(400, size.status(), size.body());
    assertEquals(404, entry.status(), entry.body());
  }

  /** The consumers' applied messages of the last hour, as the counters show them. */
  private static long applied(JsonObject activity) {
    return activity.getJsonArray("lastHour").stream()
        .mapToLong(minute -> minute.asJsonObject().getJsonNumber("applied").longValue())
        .sum();
  }

  private static Set<String> ids(JsonArray... pages) {
    return List.of(pages).stream()
        .flatMap(JsonArray::stream)
        .map(message -> message.asJsonObject().getString("messageId"))
        .collect(Collectors.toSet());
  }

  /** The console of the server under test, read inside it. */
  private static ConsoleClient console() {
    return ConsoleClient.ofServer();
  }
}
