package dev.inbox.retention;

import static dev.inbox.testkit.Eventually.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.ServerLog;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.Invocations;
import dev.inbox.it.handlers.RetentionHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.it.stored.StoredHandler;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * Retention keeps the table bounded without reopening a door: expired rows go, young ones stay, a
 * late redelivery of a purged key is caught, and the sweeper runs under a storm without losing or
 * duplicating anything. One consumer (it-retention) keeps rows for 3 seconds; the others keep the
 * default 30 days, so the deployment accepts a retention shorter than the redelivery horizon, or
 * the inbox would refuse to start. Applied bodies are kept here, to show that they go with their
 * rows. A store-then-process consumer (it-stored) keeps its rows for 3 seconds too: the sweeper
 * deletes its finished messages while intake and the workers go on, never an unfinished one.
 */
@InboxTest
class RetentionIT {

  /** The ordering keys of the store-then-process run. */
  private static final int STORED_KEYS = 6;

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.withHandlersOf(
        RetentionIT.class,
        RetentionHandler.threeSecondRetention(
            Map.of(
                "inbox.retention.batch-size",
                "50",
                "inbox.console.keep-applied-bodies",
                "true",
                "inbox.retention.consumer." + StoredHandler.CONSUMER,
                "PT3S")),
        StoredHandler.class.getPackage());
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;
  @Inject private Invocations invocations;

  @Test
  void expiredRowsAreDeletedAndYoungOnesKept() {
    String run = TestMessage.newRun();
    double purgedBefore = purged();
    List<TestMessage> expiring = new ArrayList<>();
    List<TestMessage> kept = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      expiring.add(TestMessage.of(run, run + "-short-" + i, RetentionHandler.TYPE, "{}"));
      kept.add(TestMessage.of(run, run + "-long-" + i, EffectHandler.TYPE, "{}"));
    }
    producer.send(expiring);
    producer.send(kept);
    eventually("all ten applied").until(() -> rows.effects(RetentionHandler.CONSUMER, run) == 5);

    eventually("the 3-second consumer's rows deleted")
        .until(() -> rows.inbox(RetentionHandler.CONSUMER, run) == 0);
    assertEquals(5, rows.inbox(EffectHandler.CONSUMER, run), "rows of a 30-day consumer");
    assertEquals(5, rows.effects(RetentionHandler.CONSUMER, run), "effects stay: only rows go");
    assertEquals(0, rows.appliedBodies(RetentionHandler.CONSUMER, run), "kept bodies go with rows");
    assertEquals(5, rows.appliedBodies(EffectHandler.CONSUMER, run), "kept bodies of kept rows");
    assertTrue(rows.watermark(RetentionHandler.CONSUMER).isPresent(), "watermark");
    eventually("the purge counted").until(() -> purged() - purgedBefore >= 5);
  }

  @Test
  void aLateRedeliveryOfAPurgedKeyIsQuarantinedAndCounted() {
    String run = TestMessage.newRun();
    String id = run + "-evt-1";
    TestMessage message = TestMessage.of(run, id, RetentionHandler.TYPE, "{\"n\": 1}");
    double lateBefore = late();
    // A copy the broker dead-lettered when it was sent, to come back long after.
    broker.deadLetter(message);
    producer.send(message);
    eventually("applied, then purged")
        .until(
            () ->
                rows.effects(RetentionHandler.CONSUMER, run) == 1
                    && rows.inbox(RetentionHandler.CONSUMER, run) == 0);

    assertEquals(1, broker.redriveFromDeadLetterQueue("messageId = '" + id + "'"), "moved");

    broker.settledWhen("the late copy quarantined", () -> broker.quarantined(run).size() == 1);
    broker.assertQuarantined(run, "late-delivery");
    assertEquals(1, rows.effects(RetentionHandler.CONSUMER, run), "applied once, not twice");
    assertEquals(1, invocations.of(RetentionHandler.CONSUMER, id), "handler calls");
    eventually("the late delivery counted").until(() -> late() - lateBefore >= 1);
  }

  @Test
  void aLateDeliveryAnOperatorRedrivesFromQuarantineIsAppliedOnce() {
    String run = TestMessage.newRun();
    String late = run + "-late";
    String purged = run + "-purged";
    // Sent first, and dead-lettered at once: older than the other message, whose row goes next.
    broker.deadLetter(TestMessage.of(run, late, RetentionHandler.TYPE, "{}"));
    producer.send(TestMessage.of(run, purged, RetentionHandler.TYPE, "{}"));
    eventually("the other message applied, then purged")
        .until(
            () ->
                rows.effects(RetentionHandler.CONSUMER, purged) == 1
                    && rows.inbox(RetentionHandler.CONSUMER, purged) == 0);
    assertEquals(1, broker.redriveFromDeadLetterQueue("messageId = '" + late + "'"), "moved");
    broker.settledWhen(
        "the never applied message quarantined as late", () -> broker.quarantined(run).size() == 1);
    broker.assertQuarantined(run, "late-delivery");

    // The operator checked that it was never applied, and redrives it.
    assertEquals(1, broker.redriveFromQuarantine("messageId = '" + late + "'"), "redriven");

    broker.settledWhen(
        "the redriven message applied", () -> rows.effectsOf(RetentionHandler.CONSUMER, late) == 1);
    assertEquals(List.of(), broker.quarantined(run), "quarantined again");
    assertEquals(1, invocations.of(RetentionHandler.CONSUMER, late), "handler calls");
  }

  @Test
  void theSweeperDeletesWhileAStormFlowsAndLosesNothing() {
    String run = TestMessage.newRun();
    ServerLog log = new ServerLog();
    long mark = log.mark();
    // Old rows for the sweeper to delete, in batches, while the storm runs.
    rows.insertOldRows(RetentionHandler.CONSUMER, run + "-old-", 1000);
    List<TestMessage> copies = new ArrayList<>();
    for (int copy = 0; copy < 4; copy++) {
      for (int i = 0; i < 300; i++) {
        copies.add(
            TestMessage.of(run, run + "-storm-" + i, EffectHandler.TYPE, "{\"n\": " + i + "}"));
      }
    }
    Collections.shuffle(copies, new Random(run.hashCode()));
    List<List<TestMessage>> perProducer = List.of(new ArrayList<>(), new ArrayList<>());
    for (int i = 0; i < copies.size(); i++) {
      perProducer.get(i % 2).add(copies.get(i));
    }

    producer.sendConcurrently(perProducer);

    broker.settledWhen(
        "the storm applied and the old rows deleted",
        () ->
            rows.inbox(EffectHandler.CONSUMER, run) >= 300
                && rows.inbox(RetentionHandler.CONSUMER, run + "-old-") == 0);
    assertEquals(300, rows.inbox(EffectHandler.CONSUMER, run), "storm rows");
    assertEquals(300, rows.effects(EffectHandler.CONSUMER, run), "storm effects");
    assertEquals(300, invocations.ofPrefix(EffectHandler.CONSUMER, run + "-storm-"), "calls");
    assertEquals(List.of(), log.errorsSince(mark), "errors in the server log");
  }

  @Test
  void theSweeperDeletesFinishedStoredMessagesWhileIntakeAndTheWorkersGoOn() {
    String run = TestMessage.newRun();
    String consumer = StoredHandler.CONSUMER;
    ServerLog log = new ServerLog();
    long mark = log.mark();
    double purgedBefore = purged(consumer);
    List<List<String>> keys = new ArrayList<>();
    for (int key = 0; key < STORED_KEYS; key++) {
      keys.add(new ArrayList<>());
    }
    // Waves of each key's next message, each taken in before the next, until the sweeper has
    // deleted some of the run's finished messages; then two waves more.
    int wavesAfterTheFirstPurge = -1;
    for (int wave = 0; wavesAfterTheFirstPurge < 2; wave++) {
      assertTrue(wave < 500, "the sweeper deleted none of the run's messages in 500 waves");
      List<TestMessage> messages = new ArrayList<>();
      for (int key = 0; key < STORED_KEYS; key++) {
        String id = "%s-k%d-%04d".formatted(run, key, wave);
        keys.get(key).add(id);
        messages.add(
            TestMessage.of(run, id, StoredHandler.TYPE, "{\"n\": " + wave + "}")
                .with("JMSXGroupID", run + "-k" + key));
      }
      producer.send(messages);
      broker.settled("the wave taken in");
      if (wavesAfterTheFirstPurge >= 0) {
        wavesAfterTheFirstPurge++;
      } else if (purged(consumer) > purgedBefore) {
        wavesAfterTheFirstPurge = 0;
      }
    }
    int sent = keys.stream().mapToInt(List::size).sum();

    eventually("every message applied, and every row deleted")
        .until(
            () ->
                rows.effects(consumer, run) >= sent
                    && rows.inbox(consumer, run) == 0
                    && purged(consumer) - purgedBefore >= sent);
    assertEquals(sent, rows.effects(consumer, run), "each message applied once");
    assertEquals(sent, invocations.ofPrefix(consumer, run), "handler calls");
    for (List<String> key : keys) {
      String prefix = key.get(0).substring(0, key.get(0).lastIndexOf('-') + 1);
      assertEquals(key, rows.effectsInOrder(consumer, prefix), "the order of key " + prefix);
    }
    for (String state : List.of("PENDING", "PARKED", "DONE")) {
      assertEquals(0, rows.stored(consumer, run, state), "stored messages " + state);
    }
    assertEquals(List.of(), log.errorsSince(mark), "errors in the server log");
  }

  private static double purged() {
    return purged(RetentionHandler.CONSUMER);
  }

  private static double purged(String consumer) {
    return Settings.ofServer()
        .scrape()
        .value("inbox_rows_purged_total", Map.of("consumer", consumer));
  }

  private static double late() {
    return Settings.ofServer()
        .scrape()
        .value("inbox_late_deliveries_total", Map.of("consumer", RetentionHandler.CONSUMER));
  }
}
