package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.MessageRejectedException;
import dev.inbox.spi.Payload;
import dev.inbox.spi.QuarantineReason;
import dev.inbox.store.ErrorCause;
import dev.inbox.store.FailureKind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every case of {@link Decision}, decided from plain values: no server, no database. */
class DecideTest {

  private static final Instant SINCE = Instant.parse("2026-12-03T09:00:00Z");
  private static final ErrorCause CAUSE =
      new ErrorCause("java.net.SocketTimeoutException", "com.acme.Billing.charge(Billing.java:42)");
  private static final Instant AT = Instant.parse("2026-12-03T10:00:00Z");
  private static final Policy QUARANTINE_ALL = new Policy(UnknownTypePolicy.QUARANTINE, true, 3);
  private static final Admission.Admitted ORDER =
      new Admission.Admitted(
          new Envelope("evt-1", "order.created", "2", null, Payload.ofText("{}"), Map.of(), null),
          "fingerprint-1");

  @Test
  void aRefusedMessageIsQuarantinedForAllWithItsReason() {
    Decision decision =
        Decide.forMessage(
                new Admission.Refused(QuarantineReason.MISSING_TYPE, "no type"),
                List.of(),
                QUARANTINE_ALL)
            .orElseThrow();

    assertEquals(new Decision.Quarantine(QuarantineReason.MISSING_TYPE, "no type"), decision);
  }

  @Test
  void aTypeNobodyHandlesIsQuarantinedOrIgnoredByPolicy() {
    Decision quarantined = Decide.forMessage(ORDER, List.of(), QUARANTINE_ALL).orElseThrow();
    Decision ignored =
        Decide.forMessage(ORDER, List.of(), new Policy(UnknownTypePolicy.IGNORE, true, 3))
            .orElseThrow();

    assertEquals(
        QuarantineReason.UNKNOWN_TYPE,
        assertInstanceOf(Decision.Quarantine.class, quarantined).reason());
    assertInstanceOf(Decision.Ignore.class, ignored);
  }

  @Test
  void aTypeWithConsumersLeavesTheDecisionToEach() {
    assertTrue(Decide.forMessage(ORDER, List.of(consumer()), QUARANTINE_ALL).isEmpty());
  }

  @Test
  void aContractVersionTheConsumerDoesNotDeclareIsQuarantinedForIt() {
    Subscription onlyVersion1 =
        new Subscription("billing", Set.of("order.created"), Set.of("1"), (message, context) -> {});

    Decision decision = decide(onlyVersion1, 1, true, new FakeFacts());

    assertQuarantined(QuarantineReason.UNSUPPORTED_CONTRACT_VERSION, decision);
  }

  @Test
  void aRecordedMessageWithTheSamePayloadIsADuplicateAndAsksNothingMore() {
    FakeFacts facts = new FakeFacts();
    Recorded first =
        new Recorded("evt-1", "fingerprint-1", Instant.parse("2026-12-03T10:00:00Z"), null);
    facts.recorded = Optional.of(first);

    assertEquals(new Decision.Duplicate(first), decide(consumer(), 2, true, facts));
    assertEquals(List.of("recorded"), facts.asked);
  }

  @Test
  void aRecordedMessageWithAnotherPayloadIsACollision() {
    FakeFacts facts = new FakeFacts();
    facts.recorded =
        Optional.of(
            new Recorded("evt-1", "fingerprint-0", Instant.parse("2026-12-03T10:00:00Z"), null));

    Decision.Quarantine collision =
        assertQuarantined(QuarantineReason.PAYLOAD_MISMATCH, decide(consumer(), 1, true, facts));
    assertTrue(collision.detail().contains("fingerprint-0"), collision.detail());
    assertTrue(collision.detail().contains("fingerprint-1"), collision.detail());
  }

  @Test
  void aMessageAnEarlierProcessingVersionAppliedIsAppliedAgain() {
    FakeFacts facts = new FakeFacts();
    Recorded first = new Recorded("evt-1", "fingerprint-1", AT, null, 1, false);
    facts.recorded = Optional.of(first);

    assertEquals(new Decision.Reprocess(first, 2), decide(consumerOfVersion(2), 1, true, facts));
    assertEquals(List.of("recorded"), facts.asked);
  }

  @Test
  void aMessageAppliedAgainIsQuarantinedWhenItsHandlerKeepsFailingOnIt() {
    FakeFacts facts = new FakeFacts();
    facts.recorded = Optional.of(new Recorded("evt-1", "fingerprint-1", AT, null, 1, false));
    facts.failures =
        Optional.of(new Facts.Failures(FailureKind.TRANSIENT, 3, "timeout", CAUSE, SINCE));

    assertQuarantined(
        QuarantineReason.RETRIES_EXHAUSTED, decide(consumerOfVersion(2), 4, true, facts));
    facts.failures =
        Optional.of(new Facts.Failures(FailureKind.TRANSIENT, 2, "timeout", CAUSE, SINCE));
    assertEquals(
        new Decision.Reprocess(facts.recorded.get(), 2),
        decide(consumerOfVersion(2), 3, true, facts));
  }

  @Test
  void aMessageThisOrALaterProcessingVersionAppliedIsADuplicate() {
    for (int version : new int[] {2, 3}) {
      FakeFacts facts = new FakeFacts();
      Recorded first = new Recorded("evt-1", "fingerprint-1", AT, null, version, false);
      facts.recorded = Optional.of(first);

      assertEquals(new Decision.Duplicate(first), decide(consumerOfVersion(2), 1, true, facts));
    }
  }

  @Test
  void aSemanticDuplicateStaysADuplicateUnderANewProcessingVersion() {
    FakeFacts facts = new FakeFacts();
    Recorded first = new Recorded("evt-1", "fingerprint-1", AT, null, 1, true);
    facts.recorded = Optional.of(first);

    assertEquals(new Decision.Duplicate(first), decide(consumerOfVersion(2), 1, true, facts));
  }

  @Test
  void anotherPayloadIsACollisionUnderANewProcessingVersionToo() {
    FakeFacts facts = new FakeFacts();
    facts.recorded = Optional.of(new Recorded("evt-1", "fingerprint-0", AT, null, 1, false));

    assertQuarantined(
        QuarantineReason.PAYLOAD_MISMATCH, decide(consumerOfVersion(2), 1, true, facts));
  }

  @Test
  void aLateMessageIsQuarantinedOrAppliedByPolicy() {
    FakeFacts facts = new FakeFacts();
    facts.late = true;

    assertQuarantined(QuarantineReason.LATE_DELIVERY, decide(consumer(), 1, true, facts));
    assertEquals(
        new Decision.Apply(null, true),
        Decide.forConsumer(
            consumer(), ORDER, 1, true, new Policy(UnknownTypePolicy.QUARANTINE, false, 3), facts));
  }

  @Test
  void aNewMessageForAConsumerThatStoresFirstIsStoredWithItsBusinessKey() {
    Subscription storing =
        new Subscription(
            "shipping",
            Set.of("order.created"),
            Set.of(),
            FingerprintScope.WHOLE_BODY,
            1,
            InboxConsumer.Mode.STORE_THEN_PROCESS,
            null,
            (message, context) -> {});
    FakeFacts facts = new FakeFacts();
    facts.businessKey = Optional.of("order-7/ship");

    assertEquals(new Decision.Store("order-7/ship", false, null), decide(storing, 1, true, facts));
  }

  @Test
  void aCopyRedrivenFromQuarantineIsNotHeldAgainstTheWatermark() {
    FakeFacts facts = new FakeFacts();
    facts.late = true;

    assertEquals(new Decision.Apply(null, false), decide(consumer(), 1, false, facts));
  }

  @Test
  void aLateMessageAnOperatorAskedToReprocessIsAppliedAsOnTime() {
    FakeFacts facts = new FakeFacts();
    facts.late = true;
    facts.reprocessRequested = true;

    assertEquals(new Decision.Apply(null, false), decide(consumer(), 1, true, facts));
  }

  @Test
  void onlyALateMessageLooksForAnOperatorsRequest() {
    FakeFacts facts = new FakeFacts();

    decide(consumer(), 1, true, facts);

    assertFalse(facts.asked.contains("reprocessRequested"), facts.asked.toString());
  }

  @Test
  void aRejectionQuarantinesTheRedeliveryWithItsHistory() {
    FakeFacts facts = new FakeFacts();
    facts.failures =
        Optional.of(new Facts.Failures(FailureKind.PERMANENT, 1, "no such order", CAUSE, SINCE));

    Decision.Quarantine rejected =
        assertQuarantined(QuarantineReason.REJECTED, decide(consumer(), 2, true, facts));
    assertEquals("rejected after 1 attempt: no such order", rejected.detail());
    assertEquals(CAUSE, rejected.cause(), "the cause the console groups it by");
  }

  @Test
  void failuresUpToTheLimitAreRetriedAndThenQuarantined() {
    FakeFacts facts = new FakeFacts();
    facts.failures =
        Optional.of(new Facts.Failures(FailureKind.TRANSIENT, 2, "timeout", CAUSE, SINCE));
    assertEquals(
        new Decision.Apply(null, false, SINCE),
        decide(consumer(), 3, true, facts),
        "applied, received when it first failed");

    facts.failures =
        Optional.of(new Facts.Failures(FailureKind.TRANSIENT, 3, "timeout", CAUSE, SINCE));
    Decision.Quarantine exhausted =
        assertQuarantined(QuarantineReason.RETRIES_EXHAUSTED, decide(consumer(), 4, true, facts));
    assertEquals("failed after 3 attempts: timeout", exhausted.detail());
    assertEquals(CAUSE, exhausted.cause(), "the cause the console groups it by");
  }

  @Test
  void theFirstDeliveryNeverReadsTheLedger() {
    FakeFacts facts = new FakeFacts();
    facts.failures = Optional.of(new Facts.Failures(FailureKind.PERMANENT, 1, "no", CAUSE, SINCE));

    assertInstanceOf(Decision.Apply.class, decide(consumer(), 1, true, facts));
    assertFalse(facts.asked.contains("failures"), facts.asked.toString());
  }

  @Test
  void aBusinessKeyThatThrowsIsTheHandlersFailure() {
    FakeFacts facts = new FakeFacts();
    facts.keyFailure = new StackOverflowError();

    Decision.Fail failed =
        assertInstanceOf(Decision.Fail.class, decide(consumer(), 1, true, facts));
    assertInstanceOf(StackOverflowError.class, failed.error());
  }

  @Test
  void aBusinessKeyTooLongToStoreIsAPermanentFailure() {
    FakeFacts facts = new FakeFacts();
    facts.businessKey = Optional.of("k".repeat(401));

    Decision.Fail failed =
        assertInstanceOf(Decision.Fail.class, decide(consumer(), 1, true, facts));
    assertInstanceOf(MessageRejectedException.class, failed.error());
  }

  @Test
  void aBusinessKeyAnotherMessageHoldsMakesASemanticDuplicate() {
    FakeFacts facts = new FakeFacts();
    facts.businessKey = Optional.of("order-7/invoice");
    Recorded original =
        new Recorded("evt-0", "fingerprint-0", Instant.parse("2026-12-03T10:00:00Z"), null);
    facts.firstWithKey = Optional.of(original);

    assertEquals(
        new Decision.DuplicateOf(original, null, Outcome.SEMANTIC_DUPLICATE),
        decide(consumer(), 1, true, facts));
  }

  @Test
  void aNewMessageIsAppliedWithItsBusinessKey() {
    FakeFacts facts = new FakeFacts();
    facts.businessKey = Optional.of("order-7/invoice");

    assertEquals(new Decision.Apply("order-7/invoice", false), decide(consumer(), 1, true, facts));
    assertEquals(new Decision.Apply(null, false), decide(consumer(), 1, true, new FakeFacts()));
  }

  @Test
  void aBusinessKeyIsScopedAsTheMessagesKeyIs() {
    FakeFacts facts = new FakeFacts();
    facts.businessKey = Optional.of("order-7/invoice");
    Admission.Admitted acme =
        new Admission.Admitted(
            new Envelope(
                "acme evt-1", "order.created", "2", "acme", Payload.ofText("{}"), Map.of(), null),
            "fingerprint-1",
            "acme ");

    assertEquals(
        new Decision.Apply("acme order-7/invoice", false),
        Decide.forConsumer(consumer(), acme, 1, true, QUARANTINE_ALL, facts));
  }

  @Test
  void aPayloadSeenWithinTheContentWindowMakesANewIdItsDuplicate() {
    FakeFacts facts = new FakeFacts();
    Recorded first = new Recorded("evt-0", "fingerprint-1", AT, null);
    facts.firstWithContent = Optional.of(first);

    Decision decision = decide(windowed(), 1, true, facts);

    assertEquals(new Decision.DuplicateOf(first, null, Outcome.CONTENT_DUPLICATE), decision);
    assertEquals("firstWithContent fingerprint-1 PT10M", facts.asked.get(facts.asked.size() - 1));
  }

  @Test
  void aPayloadNotSeenWithinTheWindowIsNew() {
    assertEquals(new Decision.Apply(null, false), decide(windowed(), 1, true, new FakeFacts()));
  }

  @Test
  void withoutAContentWindowThePayloadIsNeverLookedFor() {
    FakeFacts facts = new FakeFacts();
    facts.firstWithContent = Optional.of(new Recorded("evt-0", "fingerprint-1", AT, null));

    assertEquals(new Decision.Apply(null, false), decide(consumer(), 1, true, facts));
    assertTrue(facts.asked.stream().noneMatch(asked -> asked.startsWith("firstWithContent")));
  }

  @Test
  void aBusinessKeyAskedBeforeDecidesBeforeTheContentWindow() {
    FakeFacts facts = new FakeFacts();
    Recorded byKey = new Recorded("evt-0", "fingerprint-0", AT, null);
    facts.businessKey = Optional.of("order-7/invoice");
    facts.firstWithKey = Optional.of(byKey);
    facts.firstWithContent = Optional.of(new Recorded("evt-9", "fingerprint-1", AT, null));

    assertEquals(
        new Decision.DuplicateOf(byKey, null, Outcome.SEMANTIC_DUPLICATE),
        decide(windowed(), 1, true, facts));
  }

  private static Subscription windowed() {
    return new Subscription(
        "billing",
        Set.of("order.created"),
        Set.of(),
        FingerprintScope.WHOLE_BODY,
        1,
        InboxConsumer.Mode.DIRECT,
        Duration.ofMinutes(10),
        (message, context) -> {});
  }

  private static Subscription consumerOfVersion(int processingVersion) {
    return new Subscription(
        "billing",
        Set.of("order.created"),
        Set.of(),
        FingerprintScope.WHOLE_BODY,
        processingVersion,
        InboxConsumer.Mode.DIRECT,
        null,
        (message, context) -> {});
  }

  private static Subscription consumer() {
    return new Subscription("billing", Set.of("order.created"), Set.of(), (message, context) -> {});
  }

  private static Decision decide(
      Subscription consumer, int deliveryCount, boolean checkLate, Facts facts) {
    return Decide.forConsumer(consumer, ORDER, deliveryCount, checkLate, QUARANTINE_ALL, facts);
  }

  private static Decision.Quarantine assertQuarantined(QuarantineReason reason, Decision decision) {
    Decision.Quarantine quarantine = assertInstanceOf(Decision.Quarantine.class, decision);
    assertEquals(reason, quarantine.reason(), quarantine.detail());
    return quarantine;
  }

  /** Facts with values a test sets, recording what a decision asked for. */
  private static final class FakeFacts implements Facts {

    Optional<Recorded> recorded = Optional.empty();
    boolean late;
    boolean reprocessRequested;
    Optional<Failures> failures = Optional.empty();
    Optional<String> businessKey = Optional.empty();
    Error keyFailure;
    Optional<Recorded> firstWithKey = Optional.empty();
    Optional<Recorded> firstWithContent = Optional.empty();
    final List<String> asked = new ArrayList<>();

    @Override
    public Optional<Recorded> recorded() {
      asked.add("recorded");
      return recorded;
    }

    @Override
    public boolean late() {
      asked.add("late");
      return late;
    }

    @Override
    public boolean reprocessRequested() {
      asked.add("reprocessRequested");
      return reprocessRequested;
    }

    @Override
    public Optional<Failures> failures() {
      asked.add("failures");
      return failures;
    }

    @Override
    public Optional<String> businessKey() {
      asked.add("businessKey");
      if (keyFailure != null) {
        throw keyFailure;
      }
      return businessKey;
    }

    @Override
    public Optional<Recorded> firstWithBusinessKey(String key) {
      asked.add("firstWithBusinessKey");
      return firstWithKey;
    }

    @Override
    public Optional<Recorded> firstWithContent(String fingerprint, Duration window) {
      asked.add("firstWithContent " + fingerprint + " " + window);
      return firstWithContent;
    }
  }
}
