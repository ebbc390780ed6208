package dev.inbox.spi;

import jakarta.jms.JMSException;
import jakarta.jms.Message;

/**
 * Marks a message a handler sends so that ActiveMQ Artemis drops a second copy: the broker's
 * duplicate detection keeps the ids it has seen on an address (its {@code id-cache-size}) and
 * discards a message whose id it already holds.
 *
 * <p>A handler that sends through the server's XA connection factory in the delivery's transaction
 * needs no mark: the send commits with the inbox row, or neither does. The mark is for a send
 * outside the delivery's transaction (a method that runs with none, {@code
 * Transactional.TxType.NOT_SUPPORTED}, or a connection factory that is not transacted), which a
 * redelivered handler would repeat: the broker drops the repeat without a word. A repeat sent in a
 * transaction is refused instead: the broker rolls that transaction back, and its commit throws
 * {@code TransactionRolledBackException} ("Duplicate message detected").
 */
public final class BrokerDuplicates {

  /** Artemis's property for the duplicate-detection id. */
  public static final String PROPERTY = "_AMQ_DUPL_ID";

  private BrokerDuplicates() {}

  /**
   * Sets the duplicate-detection id to the delivery's key for a purpose, {@link
   * InboxContext#idempotencyKey(String)}: the same on every redelivery of the message, and
   * different for each message the handler sends for it.
   *
   * @return the message, marked
   */
  public static <M extends Message> M mark(M message, InboxContext context, String purpose)
      throws JMSException {
    message.setStringProperty(PROPERTY, context.idempotencyKey(purpose));
    return message;
  }
}
