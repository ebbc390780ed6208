package dev.inbox.store;

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
import dev.inbox.it.handlers.Rows;
import dev.inbox.it.handlers.TestEffect;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * A concurrency storm: every identity sent four times by four concurrent producers to a pool of MDB
 * sessions. The unique key decides each race: exactly one effect and one row per identity, the
 * losers roll back before any business write, and no race is logged as an error.
 */
@InboxTest
class StormIT {

  private static final int IDENTITIES = 1000;
  private static final int COPIES = 4;
  private static final int PRODUCERS = 8;
  private static final int SIDE_BY_SIDE = 100;

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(StormIT.class);
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;
  @Inject private Invocations invocations;

  @Test
  void everyIdentityIsAppliedExactlyOnce() {
    String run = TestMessage.newRun();
    List<TestMessage> identities = new ArrayList<>();
    for (int i = 0; i < IDENTITIES; i++) {
      identities.add(TestMessage.of(run, run + "-" + i, EffectHandler.TYPE, "{\"n\": " + i + "}"));
    }
    // Four copies of every identity, shuffled and dealt to the producers; except that the first
    // identities' copies go side by side to one producer, which sends them first, so that they lie
    // next to each other in the queue and reach the sessions together: a shuffle alone left a slow
    // machine without a race.
    List<TestMessage> copies = new ArrayList<>();
    for (int c = 0; c < COPIES; c++) {
      copies.addAll(identities.subList(SIDE_BY_SIDE, IDENTITIES));
    }
    Collections.shuffle(copies, new Random(run.hashCode()));
    List<List<TestMessage>> perProducer = new ArrayList<>();
    for (int p = 0; p < PRODUCERS; p++) {
      perProducer.add(new ArrayList<>());
    }
    for (TestMessage identity : identities.subList(0, SIDE_BY_SIDE)) {
      perProducer.get(0).addAll(Collections.nCopies(COPIES, identity));
    }
    for (int i = 0; i < copies.size(); i++) {
      perProducer.get(i % PRODUCERS).add(copies.get(i));
    }
    ServerLog log = new ServerLog();
    long mark = log.mark();
    double conflictsBefore = conflicts();

    producer.sendConcurrently(perProducer);

    broker.settledWhen(
        "the inbox queue drained and every identity applied",
        () -> rows.inbox(EffectHandler.CONSUMER, run) >= IDENTITIES);
    assertEquals(IDENTITIES, rows.inbox(EffectHandler.CONSUMER, run), "inbox rows");
    assertEquals(IDENTITIES, rows.effects(EffectHandler.CONSUMER, run), "effects");
    assertEquals(
        IDENTITIES,
        invocations.ofPrefix(EffectHandler.CONSUMER, run + "-"),
        "handler calls: the losers of each race never reached the handler");
    Map<String, List<String>> applied = rows.effectHashes(EffectHandler.CONSUMER, run + "-");
    for (TestMessage identity : identities) {
      String id = (String) identity.properties().get("messageId");
      assertEquals(
          List.of(TestEffect.sha256(identity.body().getBytes(StandardCharsets.UTF_8))),
          applied.get(id),
          "the payload applied for " + id);
    }
    assertEquals(List.of(), log.errorsSince(mark), "errors in the server log");
    assertEquals(0, rows.inDoubt(), "transactions in doubt in the database");
    assertTrue(conflicts() > conflictsBefore, "copies raced on the unique key, and lost cleanly");
  }

  private static double conflicts() {
    return Settings.ofServer()
        .scrape()
        .value("inbox_conflicts_total", Map.of("consumer", EffectHandler.CONSUMER));
  }
}
