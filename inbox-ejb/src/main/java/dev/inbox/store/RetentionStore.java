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

/**
 * Retention's deletes, each batch in a short transaction of its own: a bounded set of the oldest
 * expired rows is chosen, deleted by key, and the consumer's watermark moved past them; operators'
 * requests to reprocess those messages are retired with them, and a store-then-process consumer's
 * stored messages, bodies and all, go with them, as do the payloads a consumer with a content
 * window saw before the cutoff; a row whose stored message is not finished stays. Two nodes
 * sweeping at once may choose the same rows; the second deletes nothing and moves nothing back.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.REQUIRES_NEW)
public class RetentionStore {

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  @Inject private Clock clock;

  @Inject private ReprocessRequests requests;

  @Inject private AppliedBodies bodies;

  @Inject private ContentSeen content;

  /**
   * Deletes up to {@code batchSize} of a consumer's rows processed before the cutoff, oldest first.
   *
   * @return how many rows were deleted
   */
  public int purgeInboxBatch(String consumer, LocalDateTime cutoff, int batchSize) {
    List<Object[]> expired =
        em.createQuery(
                "select e.messageId, e.processedAt from InboxEntry e where e.consumerName = :consumer"
                    + " and e.processedAt < :cutoff"
                    // A stored message keeps its row until the workers have finished it.
                    + " and not exists (select p from PendingMessage p"
                    + " where p.consumerName = e.consumerName and p.messageId = e.messageId"
                    + " and p.state in ('PENDING', 'PARKED'))"
                    + " order by e.processedAt",
                Object[].class)
            .setParameter("consumer", consumer)
            .setParameter("cutoff", cutoff)
            .setMaxResults(batchSize)
            .getResultList();
    if (expired.isEmpty()) {
      return 0;
    }
    List<String> ids = expired.stream().map(row -> (String) row[0]).toList();
    LocalDateTime newest = (LocalDateTime) expired.get(expired.size() - 1)[1];
    int deleted =
        em.createQuery(
                "delete from InboxEntry e where e.consumerName = :consumer"
                    + " and e.messageId in :ids and e.processedAt < :cutoff")
            .setParameter("consumer", consumer)
            .setParameter("ids", ids)
            .setParameter("cutoff", cutoff)
            .executeUpdate();
    if (deleted > 0) {
      advanceWatermark(consumer, newest);
      requests.retire(consumer, ids, LocalDateTime.now(clock));
      bodies.forgetWithoutRows(consumer, ids);
      em.createQuery(
              "delete from PendingMessage p where p.consumerName = :consumer"
                  + " and p.messageId in :ids")
          .setParameter("consumer", consumer)
          .setParameter("ids", ids)
          .executeUpdate();
      // Their payloads, seen no later than they were processed, count no more for a content window.
      content.purge(consumer, cutoff);
    }
    return deleted;
  }

  /**
   * Deletes up to {@code batchSize} failure-ledger entries last seen before the cutoff.
   *
   * @return how many entries were deleted
   */
  public int purgeFailureBatch(LocalDateTime cutoff, int batchSize) {
    List<Object[]> expired =
        em.createQuery(
                "select f.consumerName, f.messageId from FailureEntry f where f.lastSeen < :cutoff"
                    + " order by f.lastSeen",
                Object[].class)
            .setParameter("cutoff", cutoff)
            .setMaxResults(batchSize)
            .getResultList();
    int deleted = 0;
    for (Object[] key : expired) {
      FailureEntry entry =
          em.find(FailureEntry.class, new ConsumerMessageKey((String) key[0], (String) key[1]));
      if (entry != null) {
        em.remove(entry);
        deleted++;
      }
    }
    return deleted;
  }

  private void advanceWatermark(String consumer, LocalDateTime purged) {
    LocalDateTime now = LocalDateTime.now(clock);
    Watermark watermark = em.find(Watermark.class, consumer, LockModeType.PESSIMISTIC_WRITE);
    if (watermark == null) {
      em.persist(new Watermark(consumer, purged, now));
    } else {
      watermark.advance(purged, now);
    }
  }
}
