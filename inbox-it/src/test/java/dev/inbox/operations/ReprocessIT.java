package dev.inbox.operations;

import static dev.inbox.testkit.Eventually.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.FixedHandler;
import dev.inbox.it.handlers.Invocations;
import dev.inbox.it.handlers.RetentionHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.store.ReprocessRequests;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * Processing messages again on purpose. An operator's request forgets a consumer's rows, with an
 * audit entry, and lets the next copy of each message through once, late or not, until retention
 * passes the request; a repeated request changes nothing. A consumer whose processing version was
 * raised applies again, once, a copy of a message an earlier version applied. One consumer
 * (it-retention) keeps rows for 3 seconds, as in RetentionIT.
 */
@InboxTest
class ReprocessIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(ReprocessIT.class, RetentionHandler.threeSecondRetention(Map.of()));
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;
  @Inject private Invocations invocations;
  @Inject private Reprocessing reprocessing;
  @Inject private ReprocessRequests requests;

  @Test
  void aMessageAnOperatorAsksToReprocessIsAppliedOnceMore() {
    String run = TestMessage.newRun();
    String id = run + "-fixed";
    String never = run + "-never-seen";
    TestMessage message = TestMessage.of(run, id, EffectHandler.TYPE, "{\"n\": 1}");
    producer.send(message);
    broker.settledWhen("applied", () -> rows.effectsOf(EffectHandler.CONSUMER, id) == 1);
    Reprocessing.Request request =
        new Reprocessing.Request(
            run + "-request",
            EffectHandler.CONSUMER,
            List.of(id, never),
            "it-operator",
            "the handler was fixed");

    List<ReprocessRequests.Entry> entries = reprocessing.forget(request);

    assertEquals(
        List.of(id, never), entries.stream().map(ReprocessRequests.Entry::messageId).toList());
    assertTrue(entries.get(0).previousProcessedAt() != null, "the forgotten row's time");
    assertTrue(entries.get(0).previousFingerprint() != null, "the forgotten row's fingerprint");
    assertEquals(null, entries.get(1).previousProcessedAt(), "no row for a message never seen");
    assertEquals("it-operator", entries.get(0).requestedBy());
    assertEquals("the handler was fixed", entries.get(0).reason());
    assertEquals(entries.get(0).requestedAt(), entries.get(1).requestedAt(), "one time a request");
    assertEquals(null, entries.get(0).retiredAt(), "retired");
    assertEquals(0, rows.inbox(EffectHandler.CONSUMER, run), "rows left");
    assertEquals(entries, reprocessing.forget(request), "the same request again");
    assertEquals(1, requests.of(EffectHandler.CONSUMER, id).size(), "audit entries");

    producer.send(message);
    broker.settledWhen("applied again", () -> rows.effectsOf(EffectHandler.CONSUMER, id) == 2);
    producer.send(message);
    broker.settled("a third copy");

    assertEquals(
        2, rows.effectsOf(EffectHandler.CONSUMER, id), "effects: the third is a duplicate");
    assertEquals(2, invocations.of(EffectHandler.CONSUMER, id), "handler calls");
    assertEquals(List.of(), broker.quarantined(run), "quarantined");
  }

  @Test
  void aLateCopyOfAMessageAnOperatorAsksToReprocessIsAppliedUntilRetentionPassesTheRequest() {
    String run = TestMessage.newRun();
    String id = run + "-evt";
    TestMessage message = TestMessage.of(run, id, RetentionHandler.TYPE, "{\"n\": 1}");
    // Two copies the broker dead-lettered when they were sent, to come back one after the other.
    broker.deadLetter(message.with("it_copy", "first"), message.with("it_copy", "second"));
    producer.send(message);
    eventually("applied, then purged")
        .until(
            () ->
                rows.effectsOf(RetentionHandler.CONSUMER, id) == 1
                    && rows.inbox(RetentionHandler.CONSUMER, run) == 0);
    List<ReprocessRequests.Entry> entries =
        reprocessing.forget(
            new Reprocessing.Request(
                run + "-request",
                RetentionHandler.CONSUMER,
                List.of(id),
                "it-operator",
                "replayed after a fix"));
    assertEquals(null, entries.get(0).previousProcessedAt(), "retention had deleted the row");

    assertEquals(1, broker.redriveFromDeadLetterQueue(copy(id, "first")), "moved");
    broker.settledWhen(
        "the late copy applied", () -> rows.effectsOf(RetentionHandler.CONSUMER, id) == 2);
    assertEquals(List.of(), broker.quarantined(run), "quarantined");

    // Retention deletes the second application's row and retires the request in one transaction.
    eventually("the second application purged, and the request retired with it")
        .until(() -> requests.of(RetentionHandler.CONSUMER, id).get(0).retiredAt() != null);
    assertEquals(0, rows.inbox(RetentionHandler.CONSUMER, run), "rows");
    assertEquals(1, broker.redriveFromDeadLetterQueue(copy(id, "second")), "moved");
    broker.settledWhen("the next late copy quarantined", () -> broker.quarantined(run).size() == 1);
    broker.assertQuarantined(run, "late-delivery");
    assertEquals(2, rows.effectsOf(RetentionHandler.CONSUMER, id), "effects");
    assertEquals(2, invocations.of(RetentionHandler.CONSUMER, id), "handler calls");
  }

  private static String copy(String messageId, String which) {
    return "messageId = '%s' AND it_copy = '%s'".formatted(messageId, which);
  }

  @Test
  void aRequestForAnUnknownConsumerOrWithAnotherConsumersIdIsRefusedAndForgetsNothing() {
    String run = TestMessage.newRun();
    String id = run + "-kept";
    producer.send(TestMessage.of(run, id, EffectHandler.TYPE, "{}"));
    broker.settledWhen("applied", () -> rows.inbox(EffectHandler.CONSUMER, run) == 1);
    reprocessing.forget(
        new Reprocessing.Request(
            run + "-request", RetentionHandler.CONSUMER, List.of(id), "it-operator", "first"));

    RequestRefused unknown =
        assertThrows(
            RequestRefused.class,
            () ->
                reprocessing.forget(
                    new Reprocessing.Request(
                        run + "-other", "it-nobody", List.of(id), "it-operator", "typo")));
    RequestRefused blank =
        assertThrows(
            RequestRefused.class,
            () ->
                reprocessing.forget(
                    new Reprocessing.Request(
                        run + "-request", EffectHandler.CONSUMER, List.of(id), "it-operator", "")));

    assertTrue(unknown.getMessage().contains(EffectHandler.CONSUMER), unknown.getMessage());
    assertTrue(blank.getMessage().contains("reason is required"), blank.getMessage());
    RequestRefused otherConsumer =
        assertThrows(
            RequestRefused.class,
            () ->
                reprocessing.forget(
                    new Reprocessing.Request(
                        run + "-request",
                        EffectHandler.CONSUMER,
                        List.of(id),
                        "it-operator",
                        "the same id")));
    assertTrue(
        otherConsumer.getMessage().contains(RetentionHandler.CONSUMER), otherConsumer.getMessage());
    assertEquals(1, rows.inbox(EffectHandler.CONSUMER, run), "the row kept");
    assertEquals(List.of(), requests.of(EffectHandler.CONSUMER, id), "audit entries");
  }

  @Test
  void aCopyOfAMessageAnEarlierProcessingVersionAppliedIsAppliedOnceMore() {
    String run = TestMessage.newRun();
    String id = run + "-order";
    TestMessage message = TestMessage.of(run, id, FixedHandler.TYPE, "{\"n\": 1}");
    producer.send(message);
    broker.settledWhen("applied", () -> rows.effectsOf(FixedHandler.CONSUMER, id) == 1);
    assertEquals(Optional.of(2), rows.processingVersion(FixedHandler.CONSUMER, id));
    // As the deployment before the fix left it.
    rows.writtenByVersion(FixedHandler.CONSUMER, id, 1);
    double reprocessedBefore = reprocessed();

    // A replay sends the message twice, side by side: one copy applies it again, the other waits
    // for it on the row and is a duplicate.
    producer.sendConcurrently(List.of(List.of(message), List.of(message)));
    broker.settledWhen("applied again", () -> rows.effectsOf(FixedHandler.CONSUMER, id) == 2);
    // A further copy is a duplicate under this version.
    producer.send(message);
    broker.settled("one more copy");

    assertEquals(2, rows.effectsOf(FixedHandler.CONSUMER, id), "effects");
    assertEquals(2, invocations.of(FixedHandler.CONSUMER, id), "handler calls");
    assertEquals(Optional.of(2), rows.processingVersion(FixedHandler.CONSUMER, id), "version");
    assertEquals("applied by version 2", rows.resultOf(FixedHandler.CONSUMER, id), "result");
    assertEquals(List.of(), broker.quarantined(run), "quarantined");
    eventually("the reprocessing counted").until(() -> reprocessed() - reprocessedBefore == 1);
  }

  private static double reprocessed() {
    return Settings.ofServer()
        .scrape()
        .value(
            "inbox_reprocessed_total",
            Map.of("consumer", FixedHandler.CONSUMER, "type", FixedHandler.TYPE));
  }
}
