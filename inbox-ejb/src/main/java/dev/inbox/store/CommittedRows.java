package dev.inbox.store;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Reads committed inbox rows outside the delivery's transaction, so that the read does not enlist
 * the database in it. A duplicate then commits the broker's acknowledgement alone, in one phase: no
 * database branch to prepare under XA, no last-resource commit without it.
 *
 * <p>Reading outside changes nothing the inbox decides: a delivery never needs its own uncommitted
 * rows (one verdict per consumer and message), and a row another transaction has not yet committed
 * is invisible inside as well; the unique key decides that race at insert.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.NOT_SUPPORTED)
class CommittedRows {

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  Optional<InboxEntry> find(String consumer, String messageId) {
    return Optional.ofNullable(
        em.find(InboxEntry.class, new ConsumerMessageKey(consumer, messageId)));
  }

  List<InboxEntry> findAll(Collection<String> consumers, String messageId) {
    return InboxStore.rowsOf(em, consumers, messageId);
  }
}
