package dev.inbox.store;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.LocalDateTime;

/** The reports of uncertain effects, each in a new transaction that outlives the delivery's. */
@ApplicationScoped
@Transactional(Transactional.TxType.REQUIRES_NEW)
class EffectWrites {

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  @Inject private Clock clock;

  void report(EffectEntry.Key key, String detail, int delivery) {
    LocalDateTime now = LocalDateTime.now(clock);
    // Locked, so that two reports of one effect both count.
    EffectEntry entry = em.find(EffectEntry.class, key, LockModeType.PESSIMISTIC_WRITE);
    if (entry == null) {
      em.persist(new EffectEntry(key, detail, delivery, now));
    } else {
      entry.reportedAgain(detail, delivery, now);
    }
    em.flush();
  }
}
