package dev.inbox.faults;

import dev.inbox.it.handlers.CrashHandler;
import dev.inbox.it.handlers.CrashPoint;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.SlowHandler;
import dev.inbox.it.handlers.TestEffect;
import dev.inbox.it.stored.StoredCrashHandler;
import dev.inbox.testkit.TestMessage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.awaitility.Awaitility;

/** A run of messages for one consumer, each identity with an effect of its own to apply. */
record Storm(String run, String consumer, List<TestMessage> messages) {

  /** The ordering keys of a store-then-process run. */
  static final int KEYS = 3;

  /** A run for the effect handler: that many identities, each sent the given number of times. */
  static Storm of(int identities, int copies) {
    return build(
        EffectHandler.CONSUMER, EffectHandler.TYPE, identities, copies, message -> message);
  }

  /** A run for the crash handler: the first of its messages to reach the point halts the server. */
  static Storm crashingAt(CrashPoint point, int identities) {
    return build(
        CrashHandler.CONSUMER,
        CrashHandler.TYPE,
        identities,
        1,
        message -> message.with(CrashPoint.PROPERTY, point.name()));
  }

  /**
   * A run for the store-then-process crash handler, in {@link #KEYS} ordering keys, numbered within
   * each: the first of its messages to reach the point halts the server.
   */
  static Storm storedCrashingAt(CrashPoint point, int identities) {
    return stored(identities, 1, KEYS, message -> message.with(CrashPoint.PROPERTY, point.name()));
  }

  /**
   * A run for the store-then-process crash handler that halts nothing, in that many ordering keys,
   * numbered within each, each identity sent the given number of times.
   */
  static Storm stored(int identities, int copies, int keys) {
    return stored(identities, copies, keys, message -> message);
  }

  private static Storm stored(
      int identities, int copies, int keys, UnaryOperator<TestMessage> extra) {
    AtomicInteger numbered = new AtomicInteger();
    return build(
        StoredCrashHandler.CONSUMER,
        StoredCrashHandler.TYPE,
        identities,
        copies,
        message -> {
          int index = numbered.getAndIncrement();
          return extra
              .apply(message)
              .with("JMSXGroupID", message.properties().get(TestMessage.RUN) + "-k" + index % keys)
              .with("JMSXGroupSeq", index / keys + 1);
        });
  }

  /** One message for the slow handler, which takes as long as given. */
  static Storm slow(Duration handlerTime) {
    return build(
        SlowHandler.CONSUMER,
        SlowHandler.TYPE,
        1,
        1,
        message -> message.with(SlowHandler.SLEEP_PROPERTY, Long.toString(handlerTime.toMillis())));
  }

  private static Storm build(
      String consumer, String type, int identities, int copies, UnaryOperator<TestMessage> extra) {
    String run = TestMessage.newRun();
    List<TestMessage> messages = new ArrayList<>();
    for (int i = 1; i <= identities; i++) {
      TestMessage message =
          extra.apply(TestMessage.of(run, run + "-" + i, type, "{\"n\":" + i + "}"));
      for (int copy = 0; copy < copies; copy++) {
        messages.add(message);
      }
    }
    return new Storm(run, consumer, List.copyOf(messages));
  }

  Set<String> identities() {
    return payloads().keySet();
  }

  /** The hash of the payload sent under each identity, as its effect must record it. */
  Map<String, String> payloads() {
    Map<String, String> payloads = new TreeMap<>();
    messages.forEach(
        message ->
            payloads.put(
                (String) message.properties().get("messageId"),
                TestEffect.sha256(message.body().getBytes(StandardCharsets.UTF_8))));
    return payloads;
  }

  /**
   * Sends this run's messages in one transaction, and waits until at least the given number of them
   * is applied: the rest is queued or in delivery.
   */
  Storm sentAndUnderWay(int applied) {
    try (Sender sender = new Sender()) {
      sender.sendTogether(messages);
    }
    return awaitApplied(applied);
  }

  /**
   * Waits, polling often so that little more is applied meanwhile, until at least the given number
   * of this run's identities has a row.
   */
  Storm awaitApplied(int applied) {
    Database database = new Database();
    Awaitility.await("at least " + applied + " of the storm applied")
        .pollInterval(Duration.ofMillis(50))
        .atMost(Duration.ofSeconds(120))
        .until(() -> database.rows(consumer, run) >= applied);
    return this;
  }

  /**
   * The identities of each ordering key of a store-then-process run, in the order of their numbers,
   * each once however often it was sent.
   */
  Map<String, List<String>> identitiesByKey() {
    Map<String, List<String>> byKey = new TreeMap<>();
    messages.stream()
        .distinct()
        .forEach(
            message ->
                byKey
                    .computeIfAbsent(
                        (String) message.properties().get("JMSXGroupID"), key -> new ArrayList<>())
                    .add((String) message.properties().get("messageId")));
    return byKey;
  }

  /** How many of this run's identities have a row by now. */
  int applied() {
    return new Database().rows(consumer, run);
  }

  /** The oracle's end state of this run on the cell's servers, once it has settled. */
  Oracle.Figures settled() {
    return new Oracle().check(consumer, run, payloads(), Node.ofCell());
  }

  /** The message of a crashing run that halted its server, as the crash handler wrote it down. */
  String haltedOn() {
    File marker = new File(FaultCell.crashDirectory(), run);
    try {
      return Files.readString(marker.toPath()).strip();
    } catch (IOException e) {
      throw new AssertionError("The server halted, but not at the crash point: no " + marker, e);
    }
  }
}
