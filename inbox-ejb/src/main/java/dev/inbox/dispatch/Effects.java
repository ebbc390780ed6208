package dev.inbox.dispatch;

import dev.inbox.quarantine.Quarantine;
import dev.inbox.store.ContentSeen;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;

/**
 * Where a {@link Decision} takes effect, in the delivery's transaction: the one place that
 * quarantines, counts failures ({@link Failures}) and writes rows and runs handlers ({@link
 * Applying}), or stores messages for later ({@link Storing}). Each effect ends in the {@link
 * Verdict} it led to.
 */
@ApplicationScoped
class Effects {

  private final Quarantine quarantine;
  private final Failures failures;
  private final Applying applying;
  private final Storing storing;
  private final ContentSeen content;
  private final Clock clock;

  @Inject
  Effects(
      Quarantine quarantine,
      Failures failures,
      Applying applying,
      Storing storing,
      ContentSeen content,
      Clock clock) {
    this.quarantine = quarantine;
    this.failures = failures;
    this.applying = applying;
    this.storing = storing;
    this.content = content;
    this.clock = clock;
  }

  /** For the CDI proxy. */
  protected Effects() {
    this(null, null, null, null, null, null);
  }

  /**
   * Carries a decision out, for a consumer, or for the message as a whole when consumer is null.
   */
  Verdict carryOut(Decision decision, Received received, Subscription consumer) {
    String name = consumer == null ? null : consumer.consumer();
    Delivery delivery = received.delivery();
    if (decision instanceof Decision.Quarantine quarantined) {
      quarantine.send(received.message(), entry(quarantined, received, name));
      return Verdict.quarantined(
          name, quarantined.reason(), quarantined.reason().code() + ": " + quarantined.detail());
    }
    if (decision instanceof Decision.Duplicate duplicate) {
      return Verdict.duplicate(
          name,
          Outcome.DUPLICATE,
          duplicate.first(),
          "first processed at "
              + duplicate.first().at()
              + (duplicate.first().result() == null
                  ? ""
                  : ", produced " + duplicate.first().result()));
    }
    if (decision instanceof Decision.Ignore) {
      return Verdict.of(name, Outcome.IGNORED, null);
    }
    if (decision instanceof Decision.Fail failed) {
      return failures.fail(name, delivery.messageId(), failed.error(), failed.what());
    }
    Admission.Admitted admitted = (Admission.Admitted) received.admission();
    int deliveryCount = delivery.deliveryCount();
    if (decision instanceof Decision.DuplicateOf duplicate) {
      return applying.duplicateOf(
          consumer,
          admitted,
          deliveryCount,
          duplicate.first(),
          duplicate.firstReceipt(),
          duplicate.outcome());
    }
    if (decision instanceof Decision.Reprocess reprocess) {
      return applying.reprocess(consumer, admitted, deliveryCount, reprocess);
    }
    // A new message: with a content window, its payload's entry first.
    if (!takeContent(consumer, admitted)) {
      return Verdict.of(name, Outcome.CONFLICT, null);
    }
    if (decision instanceof Decision.Store store) {
      return storing.store(consumer, admitted, delivery, store);
    }
    return applying.apply(consumer, admitted, deliveryCount, (Decision.Apply) decision);
  }

  /**
   * For a consumer with a content window, records a message about to be applied or stored as the
   * one that brought its payload; false when another delivery holds the payload's entry.
   */
  private boolean takeContent(Subscription consumer, Admission.Admitted admitted) {
    Duration window = consumer.contentWindow();
    if (window == null) {
      return true;
    }
    LocalDateTime now = LocalDateTime.now(clock);
    return content.take(
        consumer.consumer(),
        admitted.fingerprint(),
        admitted.envelope().messageId(),
        now,
        now.minus(window));
  }

  /** An operator redrove the message: every consumer gets all its attempts again. */
  void clearFailures(String messageId, List<Subscription> consumers) {
    failures.clear(messageId, consumers);
  }

  /** What the quarantined copy says of the message, the consumer and why. */
  private static Quarantine.Entry entry(
      Decision.Quarantine quarantined, Received received, String consumer) {
    Delivery delivery = received.delivery();
    return new Quarantine.Entry(
        delivery.messageId(),
        quarantined.reason(),
        consumer,
        quarantined.detail(),
        delivery.destination(),
        delivery.deliveryCount(),
        delivery.producedAt(),
        quarantined.cause(),
        received.admission() instanceof Admission.Admitted admitted
            ? admitted.fingerprint()
            : null);
  }
}
