package dev.inbox.store;

import jakarta.persistence.PersistenceException;

/**
 * A locked upsert in a transaction of its own (the failure ledger's, an effect report's), tried
 * again when it loses a race: a concurrent delivery inserted the row first (the next try adds to
 * it), or, on MariaDB, a write to a neighbouring key locked the same gap of the index and the
 * database broke the deadlock by rolling this one back.
 */
final class RacedWrites {

  /** How often a write is tried before its last failure is thrown. */
  static final int ATTEMPTS = 3;

  private RacedWrites() {}

  static void write(Runnable write) {
    for (int attempt = 1; ; attempt++) {
      try {
        write.run();
        return;
      } catch (PersistenceException raced) {
        if (attempt == ATTEMPTS
            || !(InboxStore.isUniqueViolation(raced) || InboxStore.isDeadlock(raced))) {
          throw raced;
        }
      }
    }
  }
}
