package dev.inbox.testkit;

import java.time.LocalDateTime;
import java.util.Optional;

/**
 * What the inbox recorded for one consumer and one message: the row that makes a second delivery of
 * the message a duplicate.
 *
 * @param duplicateOf for a semantic duplicate, the message id of the first message with its
 *     business key; empty for a message that was applied
 * @param processedAt when the delivery committed (UTC)
 */
public record InboxRow(
    String consumer,
    String messageId,
    String type,
    Optional<String> businessKey,
    Optional<String> duplicateOf,
    int deliveryCount,
    LocalDateTime processedAt) {

  /** Whether the consumer's handler applied this message (it is not a semantic duplicate). */
  public boolean applied() {
    return duplicateOf.isEmpty();
  }
}
