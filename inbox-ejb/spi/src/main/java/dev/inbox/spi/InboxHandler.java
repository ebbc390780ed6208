package dev.inbox.spi;

import java.util.Optional;

/**
 * Business work for one consumer, applied at most once per message identity.
 *
 * <p>The inbox calls {@link #handle} inside the delivery's JTA transaction, after it has recorded
 * the message for this consumer. Whatever the handler writes through a transactional resource (a
 * {@code @PersistenceContext}, a JMS send) commits together with that record, or not at all. If the
 * handler throws, the transaction rolls back and the broker redelivers the message.
 *
 * <p>Implementations are CDI beans qualified with {@link InboxConsumer}, usually
 * {@code @ApplicationScoped}, and must be safe to call from several threads at once.
 */
@FunctionalInterface
public interface InboxHandler {

  /** Applies the message's business effect. Runs in the delivery's transaction. */
  void handle(Envelope message, InboxContext context);

  /**
   * The key of the business action this message asks for, when two different message ids may ask
   * for the same action (for example {@code opportunity-2481/meeting-184/create-followup}). A
   * second message with the same key is recorded as a semantic duplicate of the first and not
   * handled. Empty by default: only the message id deduplicates.
   */
  default Optional<String> businessKey(Envelope message) {
    return Optional.empty();
  }
}
