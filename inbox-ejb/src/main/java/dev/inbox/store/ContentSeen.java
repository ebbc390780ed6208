package dev.inbox.store;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;

/**
 * The payloads that consumers with a content window saw as new ({@code inbox_content}): per
 * consumer and payload hash, the message that brought it and when. An entry counts within the
 * window, and only while its message's inbox row exists: one whose row retention deleted or an
 * operator forgot counts no more. The primary key decides a race between two messages with one
 * payload: the loser's transaction fails to write its entry, rolls back, and its redelivery finds
 * the winner's.
 */
@ApplicationScoped
public class ContentSeen {

  /** The entry's message still has its inbox row. */
  private static final String RECORDED =
      "exists (select 1 from inbox_entry e"
          + " where e.consumer_name = c.consumer_name and e.message_id = c.message_id)";

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  private final Enlistment enlistment;

  @Inject
  ContentSeen(Enlistment enlistment) {
    this.enlistment = enlistment;
  }

  /** For the CDI proxy. */
  protected ContentSeen() {
    this(null);
  }

  /**
   * The message that brought this payload to the consumer as new since {@code since}, other than
   * {@code messageId}; empty when none did, or its row is gone.
   */
  public Optional<String> firstSince(
      String consumer, String payloadHash, String messageId, LocalDateTime since) {
    List<?> first =
        em.createNativeQuery(
                "select c.message_id from inbox_content c where c.consumer_name = ?1"
                    + " and c.payload_hash = ?2 and c.seen_at >= ?3 and c.message_id <> ?4 and "
                    + RECORDED)
            .setParameter(1, consumer)
            .setParameter(2, payloadHash)
            .setParameter(3, Timestamp.valueOf(since))
            .setParameter(4, messageId)
            .getResultList();
    return first.stream().map(String.class::cast).findFirst();
  }

  /**
   * Records the message as the one that brought the payload as new, in the delivery's transaction:
   * takes over an entry seen before {@code since} or whose message's row is gone, or writes a new
   * one.
   *
   * @return false when another delivery holds the entry (it raced this one, and the delivery must
   *     roll back)
   */
  public boolean take(
      String consumer,
      String payloadHash,
      String messageId,
      LocalDateTime now,
      LocalDateTime since) {
    enlistment.joined();
    int taken =
        em.createNativeQuery(
                "update inbox_content c set message_id = ?1, seen_at = ?2"
                    + " where c.consumer_name = ?3 and c.payload_hash = ?4"
                    + " and (c.seen_at < ?5 or c.message_id = ?6 or not "
                    + RECORDED
                    + ")")
            .setParameter(1, messageId)
            .setParameter(2, Timestamp.valueOf(now))
            .setParameter(3, consumer)
            .setParameter(4, payloadHash)
            .setParameter(5, Timestamp.valueOf(since))
            .setParameter(6, messageId)
            .executeUpdate();
    if (taken == 1) {
      return true;
    }
    try {
      em.createNativeQuery(
              "insert into inbox_content (consumer_name, payload_hash, message_id, seen_at)"
                  + " values (?1, ?2, ?3, ?4)")
          .setParameter(1, consumer)
          .setParameter(2, payloadHash)
          .setParameter(3, messageId)
          .setParameter(4, Timestamp.valueOf(now))
          .executeUpdate();
      return true;
    } catch (PersistenceException e) {
      if (InboxStore.isUniqueViolation(e)) {
        return false;
      }
      throw e;
    }
  }

  /** Deletes a consumer's entries seen before the cutoff, in the caller's transaction. */
  public int purge(String consumer, LocalDateTime cutoff) {
    return em.createNativeQuery(
            "delete from inbox_content where consumer_name = ?1 and seen_at < ?2")
        .setParameter(1, consumer)
        .setParameter(2, Timestamp.valueOf(cutoff))
        .executeUpdate();
  }
}
