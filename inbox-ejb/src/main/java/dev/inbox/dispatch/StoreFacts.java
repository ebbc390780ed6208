package dev.inbox.dispatch;

import dev.inbox.spi.Envelope;
import dev.inbox.store.ContentSeen;
import dev.inbox.store.FailureLedger;
import dev.inbox.store.InboxEntry;
import dev.inbox.store.InboxStore;
import dev.inbox.store.Watermarks;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/** The {@link Facts} of one consumer and message, read from the store when a decision asks. */
@ApplicationScoped
class StoreFacts {

  private final InboxStore store;
  private final FailureLedger ledger;
  private final Watermarks watermarks;
  private final ContentSeen content;
  private final Clock clock;

  @Inject
  StoreFacts(
      InboxStore store,
      FailureLedger ledger,
      Watermarks watermarks,
      ContentSeen content,
      Clock clock) {
    this.store = store;
    this.ledger = ledger;
    this.watermarks = watermarks;
    this.content = content;
    this.clock = clock;
  }

  /** For the CDI proxy. */
  protected StoreFacts() {
    this(null, null, null, null, null);
  }

  /**
   * The facts of each consumer of a message. The rows of a type's consumers are read in one look-up
   * when it has several, when the first decision asks for its row (so that a failed read is that
   * consumer's, as any other read's): a consumer's row written meanwhile by another delivery of the
   * message is then found by the unique key at insert, as any race is.
   */
  Function<Subscription, Facts> of(List<Subscription> consumers, Envelope envelope) {
    if (consumers.size() < 2) {
      return consumer ->
          of(consumer, envelope, () -> store.find(consumer.consumer(), envelope.messageId()));
    }
    MessageRows rows = new MessageRows(consumers, envelope.messageId());
    return consumer -> of(consumer, envelope, () -> rows.of(consumer.consumer()));
  }

  private Facts of(Subscription consumer, Envelope envelope, Supplier<Optional<InboxEntry>> row) {
    String name = consumer.consumer();
    return new Facts() {
      @Override
      public Optional<Recorded> recorded() {
        return row.get().map(StoreFacts::recorded);
      }

      @Override
      public boolean late() {
        return watermarks.isLate(name, envelope.producedAt());
      }

      @Override
      public boolean reprocessRequested() {
        return store
            .lastReprocessRequest(name, envelope.messageId())
            .filter(requested -> !watermarks.isLate(name, requested.toInstant(ZoneOffset.UTC)))
            .isPresent();
      }

      @Override
      public Optional<Failures> failures() {
        return ledger
            .find(name, envelope.messageId())
            .map(
                entry ->
                    new Failures(
                        entry.kind(),
                        entry.attempts(),
                        entry.lastError(),
                        entry.cause(),
                        entry.firstSeen().toInstant(ZoneOffset.UTC)));
      }

      @Override
      public Optional<String> businessKey() {
        return consumer.handler().businessKey(envelope);
      }

      @Override
      public Optional<Recorded> firstWithBusinessKey(String businessKey) {
        return store.findByBusinessKey(name, businessKey).map(StoreFacts::recorded);
      }

      @Override
      public Optional<Recorded> firstWithContent(String fingerprint, Duration window) {
        return content
            .firstSince(
                name, fingerprint, envelope.messageId(), LocalDateTime.now(clock).minus(window))
            .flatMap(first -> store.find(name, first))
            .map(StoreFacts::recorded);
      }
    };
  }

  /** The rows of a message's consumers, read once, when first asked for. */
  private final class MessageRows {

    private final List<String> consumers;
    private final String messageId;
    private Map<String, InboxEntry> rows;

    MessageRows(List<Subscription> consumers, String messageId) {
      this.consumers = consumers.stream().map(Subscription::consumer).toList();
      this.messageId = messageId;
    }

    Optional<InboxEntry> of(String consumer) {
      if (rows == null) {
        rows = store.findAll(consumers, messageId);
      }
      return Optional.ofNullable(rows.get(consumer));
    }
  }

  private static Recorded recorded(InboxEntry row) {
    return new Recorded(
        row.messageId(),
        row.payloadHash(),
        row.processedAt().toInstant(ZoneOffset.UTC),
        row.resultReference(),
        row.processingVersion(),
        row.duplicateOf() != null);
  }
}
