package dev.inbox.dispatch;

import dev.inbox.quarantine.Quarantine;
import dev.inbox.quarantine.Reason;
import dev.inbox.spi.Envelope;
import dev.inbox.store.InboxEntry;
import dev.inbox.store.InboxStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.Message;
import jakarta.transaction.Transactional;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Applies one delivery, in the caller's transaction, to every consumer of its type: look up the
 * inbox row, tell duplicates and collisions apart, insert and flush the row before the handler
 * runs, then run the handler. The unique key on (consumer, message id) decides every race.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class Dispatcher {

  private static final Logger LOG = Logger.getLogger(Dispatcher.class.getName());

  private final Subscriptions subscriptions;
  private final InboxStore store;
  private final Quarantine quarantine;
  private final UnknownTypePolicy unknownTypePolicy;

  @Inject
  Dispatcher(
      Subscriptions subscriptions,
      InboxStore store,
      Quarantine quarantine,
      @ConfigProperty(name = "inbox.unknown-type-policy", defaultValue = "quarantine")
          String unknownTypePolicy) {
    this.subscriptions = subscriptions;
    this.store = store;
    this.quarantine = quarantine;
    this.unknownTypePolicy = UnknownTypePolicy.valueOf(unknownTypePolicy.strip().toUpperCase());
  }

  /** For the CDI proxy. */
  protected Dispatcher() {
    this.subscriptions = null;
    this.store = null;
    this.quarantine = null;
    this.unknownTypePolicy = null;
  }

  /**
   * Dispatches a delivery. The caller rolls the transaction back when the result says so, and
   * otherwise lets it commit, which acknowledges the message.
   *
   * @param envelope the message as read
   * @param original the JMS message itself, forwarded as it is when it must be quarantined
   */
  public DispatchResult dispatch(Envelope envelope, Message original) {
    Optional<Reason> invalid = invalidity(envelope);
    if (invalid.isPresent()) {
      return quarantineInvalid(envelope, original, invalid.get());
    }
    List<Subscription> consumers = subscriptions.of(envelope.type());
    if (consumers.isEmpty()) {
      return unknownTypePolicy == UnknownTypePolicy.IGNORE
          ? finish(envelope, List.of(Verdict.of(null, Outcome.IGNORED)))
          : quarantineInvalid(envelope, original, Reason.UNKNOWN_TYPE);
    }
    String hash = Fingerprint.of(envelope.payload());
    LocalDateTime receivedAt = now();
    List<Verdict> verdicts = new ArrayList<>();
    for (Subscription consumer : consumers) {
      Verdict verdict = deliver(consumer, envelope, original, hash, receivedAt);
      verdicts.add(verdict);
      if (verdict.outcome().rollsBack()) {
        // The transaction is lost: no statement may follow a failed one (PostgreSQL aborts the
        // whole transaction), and the redelivery re-examines every consumer.
        break;
      }
    }
    return finish(envelope, verdicts);
  }

  private Verdict deliver(
      Subscription consumer,
      Envelope envelope,
      Message original,
      String hash,
      LocalDateTime receivedAt) {
    String name = consumer.consumer();
    Optional<InboxEntry> recorded = store.find(name, envelope.messageId());
    if (recorded.isPresent()) {
      return recorded.get().payloadHash().equals(hash)
          ? Verdict.of(name, Outcome.DUPLICATE)
          : collision(name, envelope, original, hash, recorded.get());
    }

    String businessKey;
    try {
      businessKey = consumer.handler().businessKey(envelope).orElse(null);
    } catch (RuntimeException e) {
      return new Verdict(name, Outcome.FAILED, "businessKey threw", e);
    }
    if (businessKey != null) {
      Optional<InboxEntry> firstAsked = store.findByBusinessKey(name, businessKey);
      if (firstAsked.isPresent()) {
        InboxEntry duplicate =
            InboxEntry.semanticDuplicate(
                name, envelope, hash, firstAsked.get().messageId(), receivedAt, now());
        return store.insert(duplicate)
            ? new Verdict(name, Outcome.SEMANTIC_DUPLICATE, "of " + duplicate.duplicateOf(), null)
            : Verdict.of(name, Outcome.CONFLICT);
      }
    }

    if (!store.insert(InboxEntry.applied(name, envelope, hash, businessKey, receivedAt, now()))) {
      return Verdict.of(name, Outcome.CONFLICT);
    }
    try {
      consumer
          .handler()
          .handle(
              envelope, new DeliveryContext(name, envelope.messageId(), envelope.deliveryCount()));
    } catch (RuntimeException e) {
      return new Verdict(name, Outcome.FAILED, "handler threw", e);
    }
    return Verdict.of(name, Outcome.APPLIED);
  }

  private Verdict collision(
      String consumer, Envelope envelope, Message original, String hash, InboxEntry recorded) {
    String detail =
        "payload hash %s differs from the recorded %s".formatted(hash, recorded.payloadHash());
    quarantine.send(original, envelope, Reason.PAYLOAD_MISMATCH, consumer, detail);
    return new Verdict(consumer, Outcome.COLLISION, detail, null);
  }

  private DispatchResult quarantineInvalid(Envelope envelope, Message original, Reason reason) {
    quarantine.send(original, envelope, reason, null, reason.describe(envelope));
    return finish(envelope, List.of(new Verdict(null, Outcome.INVALID, reason.code(), null)));
  }

  private static DispatchResult finish(Envelope envelope, List<Verdict> verdicts) {
    for (Verdict verdict : verdicts) {
      LOG.log(
          verdict.outcome().level(),
          verdict.error(),
          () ->
              "Inbox %s: consumer=%s messageId=%s type=%s delivery=%d%s"
                  .formatted(
                      verdict.outcome(),
                      verdict.consumer() == null ? "-" : verdict.consumer(),
                      envelope.messageId(),
                      envelope.type(),
                      envelope.deliveryCount(),
                      verdict.detail() == null ? "" : " (" + verdict.detail() + ")"));
    }
    return new DispatchResult(verdicts);
  }

  /** Why no consumer can handle the message, or empty when it can be dispatched. */
  private static Optional<Reason> invalidity(Envelope envelope) {
    if (envelope.payload() == null) {
      return Optional.of(Reason.UNSUPPORTED_BODY);
    }
    if (envelope.messageId() == null) {
      return Optional.of(Reason.MISSING_IDENTITY);
    }
    if (envelope.messageId().length() > InboxEntry.MAX_KEY_LENGTH) {
      return Optional.of(Reason.INVALID_IDENTITY);
    }
    if (envelope.type() == null) {
      return Optional.of(Reason.MISSING_TYPE);
    }
    return Optional.empty();
  }

  private static LocalDateTime now() {
    return LocalDateTime.now(ZoneOffset.UTC);
  }
}
