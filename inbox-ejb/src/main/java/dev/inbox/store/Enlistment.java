package dev.inbox.store;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * Whether the delivery's transaction has already used the database. Until it has, a look-up reads
 * committed rows on a connection of its own, leaving the database out of the transaction; after, it
 * reads on the transaction's own connection, so that one delivery never holds two connections of
 * the pool at once.
 */
@ApplicationScoped
class Enlistment {

  private static final Object KEY = Enlistment.class;

  @Resource private TransactionSynchronizationRegistry transactions;

  /** Notes that the current transaction now holds a database connection. */
  void joined() {
    if (transactions.getTransactionKey() != null) {
      transactions.putResource(KEY, Boolean.TRUE);
    }
  }

  boolean isJoined() {
    return transactions.getTransactionKey() != null && transactions.getResource(KEY) != null;
  }
}
