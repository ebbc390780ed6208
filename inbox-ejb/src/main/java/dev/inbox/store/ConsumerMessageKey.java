package dev.inbox.store;

import java.io.Serializable;
import java.util.Objects;

/**
 * The primary key (consumer_name, message_id) of what the store keeps per consumer and message: an
 * inbox row ({@link InboxEntry}), a failure-ledger entry ({@link FailureEntry}), an applied body
 * ({@link AppliedBody}) and a stored message waiting for a worker ({@link PendingMessage}).
 */
public class ConsumerMessageKey implements Serializable {

  private static final long serialVersionUID = 1L;

  private String consumerName;
  private String messageId;

  /** For JPA. */
  public ConsumerMessageKey() {}

  public ConsumerMessageKey(String consumerName, String messageId) {
    this.consumerName = consumerName;
    this.messageId = messageId;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ConsumerMessageKey that
        && Objects.equals(consumerName, that.consumerName)
        && Objects.equals(messageId, that.messageId);
  }

  @Override
  public int hashCode() {
    return Objects.hash(consumerName, messageId);
  }
}
