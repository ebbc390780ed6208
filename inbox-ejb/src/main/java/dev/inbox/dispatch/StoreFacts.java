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
import java.util.Optional;

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

  Facts of(Subscription consumer, Envelope envelope) {
    String name = consumer.consumer();
    return new Facts() {
      @Override
      public Optional<Recorded> recorded() {
        return store.find(name, envelope.messageId()).map(StoreFacts::recorded);
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
