package dev.inbox.dispatch;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Takes one delivery through the inbox, in the caller's transaction: decides for the message as a
 * whole, or for each consumer of its type in turn ({@link Decide}); carries each decision out
 * ({@link Effects}); announces the delivery's end ({@link Endings}), in a span of its own where the
 * server offers tracing ({@link DeliveryTracing}). The unique key on (consumer, message id) decides
 * every race, at the insert of the row, before any handler runs.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class Dispatcher {

  private final Subscriptions subscriptions;
  private final StoreFacts facts;
  private final Effects effects;
  private final Endings endings;
  private final DeliveryTracing tracing;
  private final Fingerprinter fingerprinter;
  private final Policy policy;

  @Inject
  Dispatcher(
      Subscriptions subscriptions,
      StoreFacts facts,
      Effects effects,
      Endings endings,
      DeliveryTracing tracing,
      Fingerprinter fingerprinter,
      Policy policy) {
    this.subscriptions = subscriptions;
    this.facts = facts;
    this.effects = effects;
    this.endings = endings;
    this.tracing = tracing;
    this.fingerprinter = fingerprinter;
    this.policy = policy;
  }

  /** For the CDI proxy. */
  protected Dispatcher() {
    this(null, null, null, null, null, null, null);
  }

  /**
   * Dispatches a delivery. The caller rolls the transaction back when the result says so, and
   * otherwise lets it commit, which acknowledges the message.
   */
  public DispatchResult dispatch(Received received) {
    try (DeliveryTracing.Trace trace = tracing.start(received)) {
      try {
        List<Verdict> verdicts = verdicts(received);
        endings.announce(received.delivery(), verdicts, trace);
        return new DispatchResult(verdicts);
      } catch (RuntimeException | Error e) {
        trace.failed(e);
        throw e;
      }
    }
  }

  private List<Verdict> verdicts(Received received) {
    List<Subscription> consumers =
        received.admission() instanceof Admission.Admitted admitted
            ? subscriptions.of(admitted.envelope().type())
            : List.of();
    return Decide.forMessage(received.admission(), consumers, policy)
        .map(decision -> List.of(effects.carryOut(decision, received, null)))
        .orElseGet(() -> forEachConsumer(received, consumers));
  }

  private List<Verdict> forEachConsumer(Received received, List<Subscription> consumers) {
    Admission.Admitted admitted = (Admission.Admitted) received.admission();
    Delivery delivery = received.delivery();
    if (delivery.redriven()) {
      effects.clearFailures(delivery.messageId(), consumers);
    }
    // An operator who redrives a quarantined copy has decided on it, whatever the reason: it is
    // not held against the retention watermark again (a dead-lettered one has not been looked at).
    boolean checkLate = delivery.redrive() != Redrive.FROM_QUARANTINE;
    ConsumerViews views = new ConsumerViews(admitted, fingerprinter);
    Function<Subscription, Facts> factsOf = facts.of(consumers, admitted.envelope());
    List<Verdict> verdicts = new ArrayList<>();
    for (Subscription consumer : consumers) {
      Verdict verdict;
      try {
        Admission.Admitted seen = views.of(consumer);
        Decision decision =
            Decide.forConsumer(
                consumer,
                seen,
                delivery.deliveryCount(),
                checkLate,
                policy,
                factsOf.apply(consumer));
        verdict =
            effects.carryOut(
                decision,
                seen == admitted ? received : new Received(received.message(), delivery, seen),
                consumer);
      } catch (RuntimeException e) {
        // The database or the broker failed (or, a body admission read being readable, a
        // consumer's scoped fingerprint could not be made): the same as a handler's failure.
        verdict =
            effects.carryOut(
                new Decision.Fail(e, "the inbox could not record it"), received, consumer);
      }
      verdicts.add(verdict);
      if (verdict.outcome().rollsBack()) {
        // The transaction is lost: no statement may follow a failed one (PostgreSQL aborts the
        // whole transaction), and the redelivery re-examines every consumer.
        break;
      }
    }
    return verdicts;
  }
}
