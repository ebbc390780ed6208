package dev.inbox.spi;

import java.util.Optional;
import java.util.OptionalLong;

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

  /**
   * For a consumer in {@link InboxConsumer.Mode#STORE_THEN_PROCESS}: the key whose messages are
   * handled one at a time, in the order they were taken in (for example an order's id, so that its
   * events apply in sequence). A message waits for the earlier unfinished messages of its key;
   * messages of other keys do not wait for it. By default the message's {@code JMSXGroupID}
   * property, which also makes the broker deliver a group's messages in order; a message without
   * one has no key and waits for nothing. At most {@value Limits#ORDERING_KEY} characters.
   */
  default Optional<String> orderingKey(Envelope message) {
    return message.property("JMSXGroupID");
  }

  /**
   * For a consumer in {@link InboxConsumer.Mode#STORE_THEN_PROCESS}: the message's number in the
   * sequence of its ordering key, when the producer numbers a key's messages. Numbered messages of
   * a key are handled in the order of their numbers, whatever order they arrive in; when a number
   * is missing, the key waits for it up to {@code inbox.store-then-process.gap-timeout}, then moves
   * on, and the gap is logged and counted ({@code inbox_sequence_gaps_total}). A key's numbers
   * start at 1. Messages of a key without a number keep their order of arrival among themselves.
   *
   * <p>By default the message's {@code JMSXGroupSeq} property, which JMS defines as the message's
   * place in its group from 1; none when the property is absent or not above 0 (Artemis closes a
   * group with a negative number).
   *
   * @throws MessageRejectedException when the property is not a number: the message is quarantined
   */
  default OptionalLong sequence(Envelope message) {
    Optional<String> number = message.property("JMSXGroupSeq");
    if (number.isEmpty()) {
      return OptionalLong.empty();
    }
    long sequence;
    try {
      sequence = Long.parseLong(number.get().strip());
    } catch (NumberFormatException e) {
      throw new MessageRejectedException(
          "JMSXGroupSeq is '%s', not a number: a key's messages are numbered 1, 2, 3..."
              .formatted(number.get()),
          e);
    }
    return sequence > 0 ? OptionalLong.of(sequence) : OptionalLong.empty();
  }
}
