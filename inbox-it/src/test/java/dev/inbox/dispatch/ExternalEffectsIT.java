package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.ServerLog;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.AnnouncingHandler;
import dev.inbox.it.handlers.ChargeHandler;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.Invocations;
import dev.inbox.it.handlers.RelayHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.it.partner.Partner;
import dev.inbox.it.partner.Partner.Behaviour;
import dev.inbox.it.partner.Partner.Call;
import dev.inbox.spi.BrokerDuplicates;
import dev.inbox.testkit.Scrape;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * A handler that calls a real HTTP endpoint outside the transaction: a call whose answer is lost
 * after the partner charged, or that fails before it charged, is reported as uncertain, and the
 * report outlives the delivery's rollback; the next delivery reads it, asks the partner, and
 * charges only when the partner does not know the key; committing settles the report. A report the
 * handler went on from stays unsettled and shows in the gauge.
 */
@InboxTest
class ExternalEffectsIT {

  private static final String HTTP_TARGET = ChargeHandler.TARGET;

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(ExternalEffectsIT.class, Partner.class.getPackage());
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;
  @Inject private Partner partner;
  @Inject private Invocations invocations;

  @Test
  void anAnswerLostAfterTheChargeIsReconciledWithoutASecondCharge() {
    reconciledAfter(Behaviour.CHARGE_AND_DROP_THE_ANSWER, List.of("POST", "GET"));
  }

  @Test
  void aFailureAfterTheChargeIsReconciledWithoutASecondCharge() {
    reconciledAfter(Behaviour.CHARGE_AND_FAIL, List.of("POST", "GET"));
  }

  @Test
  void aFailureBeforeTheChargeIsReconciledByChargingOnce() {
    reconciledAfter(Behaviour.FAIL_BEFORE_CHARGING, List.of("POST", "GET", "POST"));
  }

  @Test
  void anUncertainEffectTheHandlerWentOnFromStaysUnsettledAndShows() {
    String run = TestMessage.newRun();
    String id = run + "-charge";
    String key = keyOf(id);
    partner.script(key, Behaviour.FAIL_BEFORE_CHARGING);
    Scrape before = Settings.ofServer().scrape();

    producer.send(TestMessage.of(run, id, ChargeHandler.TYPE, order(true)));
    broker.settledWhen("the message applied", () -> rows.inbox(run) == 1);

    assertEquals(List.of(HTTP_TARGET + " reports=1 unsettled"), effectsOf(id), "effects");
    assertEquals(0, partner.charged(key), "charges");
    assertEquals(null, rows.resultOf(ChargeHandler.CONSUMER, id), "result reference");
    broker.settledWhen(
        "the gauge showing the unsettled effect",
        () -> delta(before, "inbox_unsettled_effects") >= 1);
    assertEquals(1, delta(before, "inbox_uncertain_effects_total"), "uncertain effects counted");
  }

  @Test
  void aMessageSentInTheDeliveryRollsBackWithItAndCommitsWithIt() {
    String run = TestMessage.newRun();
    String id = run + "-relay";
    String body = "{\"queue\": \"%s\"}".formatted(Settings.ofServer().inboxQueue());
    ServerLog log = new ServerLog();
    long mark = log.mark();

    producer.send(TestMessage.of(run, id, RelayHandler.TYPE, body));
    broker.settledWhen(
        "the message and its follow-up applied",
        () ->
            rows.inbox(RelayHandler.CONSUMER, run) == 1
                && rows.inbox(EffectHandler.CONSUMER, run) == 1);

    assertEquals(
        List.of(id + "-relayed-2"),
        rows.inboxIds(EffectHandler.CONSUMER, run),
        "follow-ups applied: the second delivery's only");
    assertEquals(1, rows.effectsOf(RelayHandler.CONSUMER, id), "effects");
    assertTrue(broker.quarantined(run).isEmpty(), "nothing quarantined");
    // Payara's clean-up of an injected JMSContext failed after the rollback, and its pooled
    // connection was never returned; a context the handler opens and closes has no such clean-up.
    assertEquals(
        List.of(),
        log.linesSince(mark, "unexpected_error_occurred_in_after_completion"),
        "no clean-up failed after the first delivery's rollback");
  }

  @Test
  void theBrokerDropsASecondMessageMarkedWithTheSameDuplicateDetectionId() {
    String run = TestMessage.newRun();
    String duplicateId = run + "-follow-up";

    producer.send(
        TestMessage.of(run, run + "-first", EffectHandler.TYPE, "{}")
            .with(BrokerDuplicates.PROPERTY, duplicateId),
        TestMessage.of(run, run + "-again", EffectHandler.TYPE, "{}")
            .with(BrokerDuplicates.PROPERTY, duplicateId),
        TestMessage.of(run, run + "-other", EffectHandler.TYPE, "{}")
            .with(BrokerDuplicates.PROPERTY, duplicateId + "-other"));
    broker.settledWhen(
        "the messages the broker kept applied", () -> rows.inbox(EffectHandler.CONSUMER, run) >= 2);

    assertEquals(
        List.of(run + "-first", run + "-other"),
        rows.inboxIds(EffectHandler.CONSUMER, run).stream().sorted().toList(),
        "applied: the second message with the first's id never reached the inbox");
  }

  @Test
  void aMessageSentApartFromTheDeliveryAndMarkedIsSentOnceAlthoughTheHandlerRanTwice() {
    String run = TestMessage.newRun();
    String id = run + "-announce";
    String body = "{\"queue\": \"%s\"}".formatted(Settings.ofServer().inboxQueue());

    producer.send(TestMessage.of(run, id, AnnouncingHandler.TYPE, body));
    broker.settledWhen(
        "the message applied on its redelivery",
        () -> rows.inbox(AnnouncingHandler.CONSUMER, run) == 1);

    assertEquals(
        List.of(id + "-announced-1"),
        rows.inboxIds(EffectHandler.CONSUMER, run),
        "announcements applied: the first delivery's; the broker dropped the redelivery's");
    assertEquals(2, invocations.of(AnnouncingHandler.CONSUMER, id), "handler calls");
    assertTrue(broker.quarantined(run).isEmpty(), "nothing quarantined");
  }

  /**
   * The partner misbehaves on the first call; the delivery fails after reporting it, and the next
   * one reconciles. The partner charges once, whatever it did, and saw the delivery's idempotency
   * key on every call; the row names the charge.
   */
  private void reconciledAfter(Behaviour first, List<String> calls) {
    String run = TestMessage.newRun();
    String id = run + "-charge";
    String key = keyOf(id);
    partner.script(key, first);
    Scrape before = Settings.ofServer().scrape();
    ServerLog log = new ServerLog();
    long mark = log.mark();

    producer.send(TestMessage.of(run, id, ChargeHandler.TYPE, order(false)));
    broker.settledWhen("the message applied", () -> rows.inbox(run) == 1);

    assertEquals(calls, partner.calls(key).stream().map(Call::method).toList(), "partner calls");
    assertEquals(1, partner.charged(key), "charges");
    assertEquals(partner.chargeOf(key), rows.resultOf(ChargeHandler.CONSUMER, id), "result");
    assertEquals(1, rows.effectsOf(ChargeHandler.CONSUMER, id), "effects");
    assertEquals(List.of(HTTP_TARGET + " reports=1 settled"), effectsOf(id), "uncertain effects");
    assertEquals(1, delta(before, "inbox_uncertain_effects_total"), "uncertain effects counted");
    assertTrue(broker.quarantined(run).isEmpty(), "nothing quarantined");
    assertEquals(List.of(), log.errorsSince(mark), "errors in the server log");
  }

  private String order(boolean goOnWhenUncertain) {
    return "{\"partner\": \"%s/inbox-it/partner\", \"goOnWhenUncertain\": %s}"
        .formatted(Settings.ofServer().appUrl(), goOnWhenUncertain);
  }

  private List<String> effectsOf(String messageId) {
    return rows.uncertainEffects(ChargeHandler.CONSUMER, messageId);
  }

  /** The key the inbox gives the handler, as InboxContext.idempotencyKey documents it. */
  private static String keyOf(String messageId) {
    return UUID.nameUUIDFromBytes(
            (ChargeHandler.CONSUMER + '\n' + messageId).getBytes(StandardCharsets.UTF_8))
        .toString();
  }

  private static double delta(Scrape before, String name) {
    Map<String, String> labels = Map.of("consumer", ChargeHandler.CONSUMER);
    return Settings.ofServer().scrape().value(name, labels) - before.value(name, labels);
  }
}
