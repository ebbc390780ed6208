package dev.inbox.store;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;

/** The failure ledger's writes, each in a new transaction that outlives the delivery's. */
@ApplicationScoped
@Transactional(Transactional.TxType.REQUIRES_NEW)
class FailureWrites {

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  @Inject private Clock clock;

  void recordFailure(
      String consumer, String messageId, FailureKind kind, String error, ErrorCause cause) {
    LocalDateTime now = LocalDateTime.now(clock);
    // Locked, so that concurrent failures of one message count every attempt.
    FailureEntry entry =
        em.find(
            FailureEntry.class,
            new ConsumerMessageKey(consumer, messageId),
            LockModeType.PESSIMISTIC_WRITE);
    if (entry == null) {
      em.persist(new FailureEntry(consumer, messageId, kind, error, cause, now));
    } else {
      entry.failedAgain(kind, error, cause, now);
    }
    em.flush();
  }

  /** By key: the consumers and the message id, so that the primary key's index serves it. */
  int clear(String messageId, List<String> consumers) {
    return em.createQuery(
            "delete from FailureEntry f where f.consumerName in :consumers"
                + " and f.messageId = :messageId")
        .setParameter("consumers", consumers)
        .setParameter("messageId", messageId)
        .executeUpdate();
  }
}
