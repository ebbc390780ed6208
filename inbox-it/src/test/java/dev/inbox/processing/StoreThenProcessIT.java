package dev.inbox.processing;

import static dev.inbox.it.ConsoleClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Broker;
import dev.inbox.it.ConsoleClient;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.Cures;
import dev.inbox.it.handlers.Invocations;
import dev.inbox.it.handlers.Rows;
import dev.inbox.it.stored.StoredHandler;
import dev.inbox.it.stored.WindowedHandler;
import dev.inbox.operations.ParkedMessages;
import dev.inbox.spi.QuarantineProperties;
import dev.inbox.store.PendingMessage;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A consumer in store-then-process mode: the delivery stores the message and commits; the workers
 * apply it later, one at a time per ordering key ({@code JMSXGroupID}) in the order the messages
 * came, keys side by side; a message that fails every attempt is quarantined and holds its key, and
 * only its key, until an operator releases it.
 */
@InboxTest
class StoreThenProcessIT {

  private static final String GROUP = "JMSXGroupID";
  private static final String SEQUENCE = "JMSXGroupSeq";

  /** Long enough for a batch of messages sent together to arrive within it, on a busy machine. */
  private static final Duration GAP_TIMEOUT = Duration.ofSeconds(8);

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.withHandlersOf(
        StoreThenProcessIT.class,
        // Attempts in quick succession, so that a poison message is parked in a second or so.
        Map.of(
            "inbox.store-then-process.retry-delay", "PT0.05S",
            "inbox.store-then-process.max-retry-delay", "PT0.2S",
            "inbox.store-then-process.gap-timeout", GAP_TIMEOUT.toString(),
            "inbox.metrics.refresh-seconds", "1"),
        StoredHandler.class.getPackage());
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;
  @Inject private Invocations invocations;
  @Inject private Cures cures;
  @Inject private ParkedMessages parked;

  @Test
  void eachKeysMessagesAreAppliedOnceInTheOrderTheyCameWithKeysSideBySide() {
    String run = TestMessage.newRun();
    List<List<String>> keys = new ArrayList<>();
    List<TestMessage> messages = new ArrayList<>();
    for (int key = 0; key < 3; key++) {
      List<String> ids = new ArrayList<>();
      for (int n = 0; n < 8; n++) {
        String id = "%s-k%d-%d".formatted(run, key, n);
        ids.add(id);
        messages.add(message(run, id, run + "-k" + key, "{\"n\": " + n + "}"));
      }
      keys.add(ids);
    }
    double receivedBefore = series("inbox_received_total");
    double appliedBefore = series("inbox_applied_total");
    double duplicatesBefore = series("inbox_duplicates_total");
    double timedBefore = series("inbox_stored_latency_seconds_count");
    // Each message twice: the second copy is a duplicate at intake.
    producer.send(messages);
    producer.send(messages);

    // Counters count after each commit: waited for, so that the exact figures below are final.
    broker.settledWhen(
        "the workers applied every stored message, and it was counted",
        () ->
            rows.effects(StoredHandler.CONSUMER, run) == 24
                && series("inbox_applied_total") - appliedBefore >= 24
                && series("inbox_received_total") - receivedBefore >= 48
                && series("inbox_duplicates_total") - duplicatesBefore >= 24
                && series("inbox_stored_latency_seconds_count") - timedBefore >= 24);
    for (List<String> ids : keys) {
      String key = ids.get(0).substring(0, ids.get(0).lastIndexOf('-'));
      assertEquals(
          ids, rows.effectsInOrder(StoredHandler.CONSUMER, key + "-"), "the order of key " + key);
    }
    assertEquals(24, invocations.ofPrefix(StoredHandler.CONSUMER, run), "handler calls");
    assertEquals(24, rows.inbox(StoredHandler.CONSUMER, run), "inbox rows");
    assertEquals(24, rows.stored(StoredHandler.CONSUMER, run, "DONE"), "stored messages done");
    // The workers' processing counts as applied, not as a second receipt.
    assertEquals(48, series("inbox_received_total") - receivedBefore, "received");
    assertEquals(24, series("inbox_applied_total") - appliedBefore, "applied");
    assertEquals(24, series("inbox_duplicates_total") - duplicatesBefore, "duplicates");
    assertEquals(
        24, series("inbox_stored_latency_seconds_count") - timedBefore, "timed from intake");
  }

  @Test
  void aMessageThatFailsEveryAttemptHoldsItsKeyAloneUntilReleased() {
    String run = TestMessage.newRun();
    List<TestMessage> messages = new ArrayList<>();
    for (String key : List.of("a", "b", "c")) {
      for (int n = 0; n < 3; n++) {
        String body = key.equals("a") && n == 0 ? "{\"poison\": true}" : "{\"n\": " + n + "}";
        messages.add(message(run, "%s-%s-%d".formatted(run, key, n), run + "-" + key, body));
      }
    }
    String poison = run + "-a-0";

    producer.send(messages);

    broker.settledWhen(
        "keys b and c applied, and the poison message of key a parked",
        () ->
            rows.effects(StoredHandler.CONSUMER, run + "-b-") == 3
                && rows.effects(StoredHandler.CONSUMER, run + "-c-") == 3
                && parked
                    .state(StoredHandler.CONSUMER, poison)
                    .equals(Optional.of(PendingMessage.State.PARKED)));
    Broker.Found quarantined = broker.assertQuarantined(run, "retries-exhausted");
    assertEquals(
        poison, quarantined.property(QuarantineProperties.MESSAGE_ID), "the quarantined message");
    assertEquals(
        StoredHandler.CONSUMER,
        quarantined.property(QuarantineProperties.CONSUMER),
        "its consumer");
    assertEquals("{\"poison\": true}", quarantined.text(), "its body");
    assertEquals(0, rows.effects(StoredHandler.CONSUMER, run + "-a-"), "key a held");
    assertEquals(2, rows.stored(StoredHandler.CONSUMER, run + "-a-", "PENDING"), "key a waiting");
    broker.settledWhen(
        "the gauges show the parked message and the two behind it",
        () ->
            series("inbox_parked_messages") == 1
                && series("inbox_pending_messages") == 2
                && series("inbox_oldest_pending_age_seconds") > 0);

    cures.cure(poison);
    assertEquals(true, parked.release(StoredHandler.CONSUMER, poison, "it", "the test"));

    broker.settledWhen(
        "key a flowed again without its released message",
        () -> rows.effects(StoredHandler.CONSUMER, run + "-a-") == 2);
    assertEquals(
        List.of(run + "-a-1", run + "-a-2"),
        rows.effectsInOrder(StoredHandler.CONSUMER, run + "-a-"),
        "key a's later messages, in order");
    assertEquals(
        Optional.of(PendingMessage.State.RELEASED), parked.state(StoredHandler.CONSUMER, poison));
    broker.settledWhen(
        "the gauges show nothing parked and nothing pending",
        () -> series("inbox_parked_messages") == 0 && series("inbox_pending_messages") == 0);
  }

  /**
   * The console lists a parked message with its key and what waits behind it, traces its stored
   * copy, and lets an operator (not a reader) release it once, audited; a message that is not
   * parked cannot be released.
   */
  @Test
  @Tag("http")
  void anOperatorReleasesAParkedMessageThroughTheConsoleOnce() {
    String run = TestMessage.newRun();
    String key = run + "-p";
    String poison = key + "-0";
    String behind = key + "-1";
    producer.send(message(run, poison, key, "{\"poison\": true}"), message(run, behind, key, "{}"));
    broker.settledWhen(
        "the poison message parked",
        () ->
            parked
                .state(StoredHandler.CONSUMER, poison)
                .equals(Optional.of(PendingMessage.State.PARKED)));

    JsonObject listed =
        console().readArray("it-reader", "parked?consumer=" + StoredHandler.CONSUMER).stream()
            .map(JsonValue::asJsonObject)
            .filter(entry -> entry.getString("messageId").equals(poison))
            .findFirst()
            .orElseThrow(() -> new AssertionError("not listed as parked: " + poison));
    assertEquals(key, listed.getString("orderingKey"), listed.toString());
    assertEquals(1, listed.getInt("waiting"), "the message behind it: " + listed);
    assertTrue(listed.getString("lastError").contains("cannot apply"), listed.toString());
    assertEquals("parked", storedState(poison), "the trace");

    cures.cure(poison);
    String release =
        Json.createObjectBuilder()
            .add("id", UUID.randomUUID().toString())
            .add("action", "release")
            .add("consumer", StoredHandler.CONSUMER)
            .add("messageId", poison)
            .add("reason", "the fix of " + run + " is deployed")
            .build()
            .toString();
    HttpResponse<String> byReader = console().post("it-reader", "parked/actions", release, null);
    HttpResponse<String> done = console().post("it-operator", "parked/actions", release, null);
    HttpResponse<String> again = console().post("it-operator", "parked/actions", release, null);

    assertEquals(403, byReader.statusCode(), byReader.body());
    assertEquals(200, done.statusCode(), done.body());
    JsonObject action = json(done.body()).getJsonObject("action");
    assertEquals(1, action.getInt("messages"), done.body());
    assertEquals("release", action.getString("action"), done.body());
    assertEquals("parked", action.getString("queue"), done.body());
    assertEquals("it-operator", action.getString("requestedBy"), done.body());
    assertEquals(200, again.statusCode(), again.body());
    assertTrue(json(again.body()).getBoolean("replayed"), again.body());
    broker.settledWhen(
        "the key flowed again without the released message",
        () -> rows.effects(StoredHandler.CONSUMER, key + "-") == 1);
    assertEquals(List.of(behind), rows.effectsInOrder(StoredHandler.CONSUMER, key + "-"));
    assertEquals("released", storedState(poison), "the trace");

    String notParked =
        release.replace(poison, behind).replace(json(release).getString("id"), "another-" + run);
    HttpResponse<String> refused = console().post("it-operator", "parked/actions", notParked, null);
    assertEquals(400, refused.statusCode(), refused.body());
    assertTrue(json(refused.body()).getString("detail").contains("is done"), refused.body());
  }

  private static String storedState(String messageId) {
    return console()
        .read("it-reader", "messages?id=" + ConsoleClient.encoded(messageId))
        .getJsonArray("stored")
        .getJsonObject(0)
        .getString("state");
  }

  private static ConsoleClient console() {
    return ConsoleClient.ofServer();
  }

  @Test
  void numberedMessagesAreAppliedInTheirOrderWhateverOrderTheyCameIn() {
    String key = TestMessage.newRun() + "-numbered";
    double gapsBefore = series("inbox_sequence_gaps_total");

    // The broker delivers them in the order sent: the inbox restores their numbers' order.
    producer.send(Stream.of(4, 2, 6, 1, 5, 3).map(number -> numbered(key, number)).toList());

    broker.settledWhen(
        "the six numbered messages applied",
        () -> rows.effects(StoredHandler.CONSUMER, key + "-") == 6);
    assertEquals(
        IntStream.rangeClosed(1, 6).mapToObj(number -> key + "-" + number).toList(),
        rows.effectsInOrder(StoredHandler.CONSUMER, key + "-"),
        "in the order of their numbers");
    assertEquals(0, series("inbox_sequence_gaps_total") - gapsBefore, "no gap");
  }

  @Test
  void aMissingNumberHoldsItsKeyForTheGapTimeoutThenTheKeyMovesOnAndCountsIt() {
    String key = TestMessage.newRun() + "-gap";
    double gapsBefore = series("inbox_sequence_gaps_total");

    producer.send(Stream.of(1, 2, 4, 5).map(number -> numbered(key, number)).toList());

    // Numbers 1 and 2 applied, 4 waits for 3: the gauge shows the key while it waits.
    broker.settledWhen(
        "the key held at its missing number 3, and shown so",
        () ->
            rows.effects(StoredHandler.CONSUMER, key + "-") == 2
                && series("inbox_keys_waiting_on_gap") >= 1);
    broker.settledWhen(
        "the key moved on past its missing number 3, and the gap was counted",
        () ->
            rows.effects(StoredHandler.CONSUMER, key + "-") == 4
                && series("inbox_sequence_gaps_total") - gapsBefore >= 1);
    assertEquals(
        List.of(key + "-1", key + "-2", key + "-4", key + "-5"),
        rows.effectsInOrder(StoredHandler.CONSUMER, key + "-"),
        "the numbers that came, in order");
    Duration held = rows.storedWait(StoredHandler.CONSUMER, key + "-4").orElseThrow();
    assertTrue(
        held.compareTo(GAP_TIMEOUT) >= 0,
        "number 4 waited the gap timeout for number 3, not " + held);
    assertEquals(1, series("inbox_sequence_gaps_total") - gapsBefore, "one gap");

    // The missing number, late: applied when it comes, after the key moved past it.
    producer.send(numbered(key, 3));
    broker.settledWhen(
        "the late number applied", () -> rows.effects(StoredHandler.CONSUMER, key + "-") == 5);
    assertEquals(key + "-3", rows.effectsInOrder(StoredHandler.CONSUMER, key + "-").get(4));
  }

  @Test
  void aBodySeenWithinTheContentWindowIsADuplicateUnderANewIdAndCountedAndNotAfterIt() {
    String run = TestMessage.newRun();
    String body = "{\"order\": \"%s\", \"amount\": 10}".formatted(run);
    String consumer = WindowedHandler.CONSUMER;
    double mergedBefore = series("inbox_content_duplicates_total", consumer);

    producer.send(
        List.of(
            TestMessage.of(run, run + "-first", WindowedHandler.TYPE, body),
            TestMessage.of(run, run + "-again", WindowedHandler.TYPE, body),
            TestMessage.of(run, run + "-other", WindowedHandler.TYPE, body.replace("10", "11"))));

    broker.settledWhen(
        "three rows, two effects, and the merged copy counted",
        () ->
            rows.inbox(consumer, run) == 3
                && rows.effects(consumer, run) == 2
                && series("inbox_content_duplicates_total", consumer) - mergedBefore >= 1);
    Instant windowEnds = Instant.now().plus(Duration.parse(WindowedHandler.WINDOW));
    // Which of the two equal bodies came first is the broker's and the race's to decide.
    List<String> applied = rows.effectsInOrder(consumer, run);
    String first = applied.contains(run + "-first") ? run + "-first" : run + "-again";
    String merged = first.equals(run + "-first") ? run + "-again" : run + "-first";
    assertTrue(applied.contains(run + "-other"), "a different body applies: " + applied);
    assertEquals(Optional.of(first), rows.duplicateOf(consumer, merged), "the merged copy's row");
    assertEquals(0, rows.effectsOf(consumer, merged), "the merged copy has no effect");
    assertEquals(1, series("inbox_content_duplicates_total", consumer) - mergedBefore, "merged");

    // Once the window has passed, the same body under a new id is a new message again.
    broker.settledWhen("the content window passed", () -> Instant.now().isAfter(windowEnds));
    producer.send(TestMessage.of(run, run + "-later", WindowedHandler.TYPE, body));
    broker.settledWhen(
        "the same body after the window applied", () -> rows.effects(consumer, run) == 3);
    assertEquals(1, rows.effectsOf(consumer, run + "-later"));
    assertEquals(1, series("inbox_content_duplicates_total", consumer) - mergedBefore, "merged");
  }

  private static TestMessage numbered(String key, int number) {
    return message(key, key + "-" + number, key, "{\"n\": " + number + "}").with(SEQUENCE, number);
  }

  /** A series of the consumer, as the server exports it now. */
  private static double series(String name) {
    return series(name, StoredHandler.CONSUMER);
  }

  private static double series(String name, String consumer) {
    return Settings.ofServer().scrape().value(name, Map.of("consumer", consumer));
  }

  private static TestMessage message(String run, String id, String key, String body) {
    return TestMessage.of(run, id, StoredHandler.TYPE, body).with(GROUP, key);
  }
}
