package dev.inbox.store;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The messages store-then-process consumers took in ({@code inbox_pending}), and the workers'
 * claims on them. A claim takes the oldest due message of each ordering key whose earlier messages
 * are all finished, skipping rows another worker has locked ({@code FOR UPDATE SKIP LOCKED}: every
 * supported database has it), and leases it: owner, expiry, and a claim number that grows with each
 * claim. A worker finishes a message only under the claim number it took, so a claim taken over
 * after its lease cannot commit a second effect; while a worker processes a message it holds the
 * row's lock, so nobody takes the claim over from a worker that is alive.
 */
@ApplicationScoped
public class PendingMessages {

  private static final Logger LOG = Logger.getLogger(PendingMessages.class.getName());

  /** The highest number among the finished messages of the head's key; null when none has one. */
  private static final String KEY_HIGHEST =
      "(select max(d.sequence_no) from inbox_pending d"
          + " where d.consumer_name = h.consumer_name and d.ordering_key = h.ordering_key"
          + " and d.state in ('DONE', 'RELEASED'))";

  /**
   * The message {@code h} is the head of its key: the earliest unfinished message of the key, by
   * sequence number where both messages have one, by arrival where neither has.
   */
  private static final String IS_HEAD =
      " not exists (select 1 from inbox_pending e"
          + " where e.consumer_name = h.consumer_name and e.ordering_key = h.ordering_key"
          + " and e.state in ('PENDING', 'PARKED')"
          + " and (e.sequence_no < h.sequence_no"
          + " or (e.sequence_no = h.sequence_no and e.arrival < h.arrival)"
          + " or (e.sequence_no is null and h.sequence_no is null and e.arrival < h.arrival)))";

  /**
   * The heads that are due; a numbered head that is not the next number of its key waits, until the
   * gap timeout has passed since it arrived. Written once for the three databases.
   */
  private static final String DUE =
      " from inbox_pending h"
          + " where h.consumer_name = ?1 and h.state = 'PENDING' and h.next_attempt_at <= ?2"
          + " and (h.lease_until is null or h.lease_until < ?2) and"
          + IS_HEAD
          + " and (h.sequence_no is null or h.received_at <= ?4"
          + " or h.sequence_no <= 1 + coalesce("
          + KEY_HIGHEST
          + ", 0))";

  /**
   * The due heads to claim, oldest first, locked. The claim's transaction is short, so the range
   * locks MariaDB takes under repeatable read hold intake's inserts back for milliseconds only.
   */
  private static final String DUE_HEADS =
      "select h.message_id, h.claim_no, case when h.sequence_no is null then null else "
          + KEY_HIGHEST
          + " end, case when h.lease_until is null then null else h.claim_owner end"
          + DUE
          + " order by h.arrival limit ?3 for update skip locked";

  /**
   * Per consumer, the keys whose head is numbered past the next number of its key: each waits for
   * its missing numbers, until the gap timeout has passed since the head arrived.
   */
  private static final String WAITING_ON_GAP =
      "select h.consumer_name, count(*) from inbox_pending h"
          + " where h.state = 'PENDING' and h.sequence_no > 1 + coalesce("
          + KEY_HIGHEST
          + ", 0) and"
          + IS_HEAD
          + " group by h.consumer_name";

  /** Whether any head is due, read without locking anything. */
  private static final String ANY_DUE = "select h.message_id" + DUE + " limit ?3";

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  private final Enlistment enlistment;
  private final Event<ClaimTakenOver> takenOver;

  @Inject
  PendingMessages(Enlistment enlistment, Event<ClaimTakenOver> takenOver) {
    this.enlistment = enlistment;
    this.takenOver = takenOver;
  }

  /** For the CDI proxy. */
  protected PendingMessages() {
    this(null, null);
  }

  /**
   * A worker's claim on a message.
   *
   * @param number the claim's number: the message is finished only under it
   * @param expected for a numbered message, the number its key expected when it was claimed: one
   *     past the highest number among the key's finished messages, 1 when none has one; null for a
   *     message without a number. Nothing else of the key finishes while its head is claimed.
   */
  public record Claim(String consumer, String messageId, int number, Long expected) {}

  /** Stores a message taken in, in the delivery's transaction, after its inbox row. */
  public void take(PendingMessage message) {
    enlistment.joined();
    em.persist(message);
    em.flush();
  }

  /**
   * Whether a consumer has a due message; called outside any transaction, so that an idle worker
   * opens no transaction. Under XA, a transaction that only read is one whose commit a lost
   * database can turn into a heuristic outcome for an operator (MariaDB reports the read-only
   * branch as rolled back); a look outside a transaction merely fails.
   *
   * @param gapTimeout how long after its arrival a numbered message waits for a lower number
   *     missing
   */
  public boolean anyDue(String consumer, LocalDateTime now, Duration gapTimeout) {
    return !due(ANY_DUE, consumer, 1, now, gapTimeout).isEmpty();
  }

  /**
   * Claims up to {@code max} due messages of a consumer for the owner, in a transaction of its own.
   *
   * @param gapTimeout how long after its arrival a numbered message waits for a lower number
   *     missing
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public List<Claim> claim(
      String consumer,
      String owner,
      int max,
      LocalDateTime now,
      Duration lease,
      Duration gapTimeout) {
    @SuppressWarnings("unchecked")
    List<Object[]> due = (List<Object[]>) due(DUE_HEADS, consumer, max, now, gapTimeout);
    List<Claim> claims = new ArrayList<>(due.size());
    for (Object[] head : due) {
      String messageId = (String) head[0];
      int number = ((Number) head[1]).intValue() + 1;
      Long expected = head[2] == null ? null : ((Number) head[2]).longValue() + 1;
      // A lease that ran out: its owner died or stopped, or its handler ran past the lease.
      String previousOwner = (String) head[3];
      if (previousOwner != null) {
        LOG.warning(
            () ->
                ("Consumer '%s': taking message %s over from %s, whose claim's lease ran out"
                        + " (inbox.store-then-process.lease)")
                    .formatted(consumer, messageId, previousOwner));
        takenOver.fire(new ClaimTakenOver(consumer, messageId, previousOwner));
      }
      em.createNativeQuery(
              "update inbox_pending set claim_owner = ?1, claim_no = ?2, lease_until = ?3"
                  + " where consumer_name = ?4 and message_id = ?5")
          .setParameter(1, owner)
          .setParameter(2, number)
          .setParameter(3, Timestamp.valueOf(now.plus(lease)))
          .setParameter(4, consumer)
          .setParameter(5, messageId)
          .executeUpdate();
      claims.add(new Claim(consumer, messageId, number, expected));
    }
    return claims;
  }

  private List<?> due(
      String query, String consumer, int max, LocalDateTime now, Duration gapTimeout) {
    return em.createNativeQuery(query)
        .setParameter(1, consumer)
        .setParameter(2, Timestamp.valueOf(now))
        .setParameter(3, max)
        .setParameter(4, Timestamp.valueOf(now.minus(gapTimeout)))
        .getResultList();
  }

  /**
   * Marks the claimed message done, in the caller's transaction, and reads it: the handler's effect
   * commits with the mark, or neither does. The mark locks the row until the transaction ends.
   *
   * @return the message, or empty when the claim is no longer this worker's (it was taken over
   *     after its lease) or the message is finished
   */
  public Optional<PendingMessage> finish(Claim claim, LocalDateTime now) {
    enlistment.joined();
    int marked =
        em.createNativeQuery(
                "update inbox_pending set state = 'DONE', finished_at = ?1, lease_until = null"
                    + " where consumer_name = ?2 and message_id = ?3 and claim_no = ?4"
                    + " and state = 'PENDING'")
            .setParameter(1, Timestamp.valueOf(now))
            .setParameter(2, claim.consumer())
            .setParameter(3, claim.messageId())
            .setParameter(4, claim.number())
            .executeUpdate();
    if (marked == 0) {
      return Optional.empty();
    }
    return Optional.ofNullable(
        em.find(PendingMessage.class, new ConsumerMessageKey(claim.consumer(), claim.messageId())));
  }

  /**
   * Records a failed attempt under the claim, in the caller's transaction (not the attempt's, which
   * rolled back): the message is due again at {@code nextAttempt}, or parked when it has no attempt
   * left.
   *
   * @return the message as it now stands, or empty when the claim is no longer this worker's
   */
  @Transactional(Transactional.TxType.MANDATORY)
  public Optional<PendingMessage> failed(
      Claim claim, String error, LocalDateTime nextAttempt, int maxAttempts) {
    // The state first: MariaDB assigns left to right, each assignment seeing the ones before it.
    int recorded =
        em.createNativeQuery(
                "update inbox_pending"
                    + " set state = case when attempts + 1 >= ?3 then 'PARKED' else state end,"
                    + " attempts = attempts + 1, last_error = ?1, next_attempt_at = ?2,"
                    + " lease_until = null"
                    + " where consumer_name = ?4 and message_id = ?5 and claim_no = ?6"
                    + " and state = 'PENDING'")
            .setParameter(1, FailureEntry.cut(error))
            .setParameter(2, Timestamp.valueOf(nextAttempt))
            .setParameter(3, maxAttempts)
            .setParameter(4, claim.consumer())
            .setParameter(5, claim.messageId())
            .setParameter(6, claim.number())
            .executeUpdate();
    if (recorded == 0) {
      return Optional.empty();
    }
    return Optional.ofNullable(
        em.find(PendingMessage.class, new ConsumerMessageKey(claim.consumer(), claim.messageId())));
  }

  /**
   * Releases a parked message: its key's later messages flow again, without it.
   *
   * @return whether it was parked
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public boolean release(String consumer, String messageId, LocalDateTime now) {
    return em.createNativeQuery(
                "update inbox_pending set state = 'RELEASED', finished_at = ?1"
                    + " where consumer_name = ?2 and message_id = ?3 and state = 'PARKED'")
            .setParameter(1, Timestamp.valueOf(now))
            .setParameter(2, consumer)
            .setParameter(3, messageId)
            .executeUpdate()
        == 1;
  }

  /**
   * What waits in a consumer's store.
   *
   * @param pending messages not processed yet, due or waiting
   * @param parked messages that failed every attempt, each holding its key
   * @param oldestPending when the oldest pending message was taken in (UTC), or null with none
   * @param keysOnGap keys whose head waits for a missing lower number (until the gap timeout)
   */
  public record Backlog(long pending, long parked, LocalDateTime oldestPending, long keysOnGap) {

    Backlog plus(Backlog other) {
      return new Backlog(
          pending + other.pending,
          parked + other.parked,
          oldestPending != null ? oldestPending : other.oldestPending,
          keysOnGap + other.keysOnGap);
    }
  }

  /** The backlog of each consumer that has unfinished messages. */
  public Map<String, Backlog> backlogByConsumer() {
    @SuppressWarnings("unchecked")
    List<Object[]> counted =
        em.createQuery(
                "select m.consumerName, m.state, count(m), min(m.receivedAt) from PendingMessage m"
                    + " where m.state in ('PENDING', 'PARKED') group by m.consumerName, m.state")
            .getResultList();
    Map<String, Backlog> backlogs = new HashMap<>();
    for (Object[] row : counted) {
      long count = ((Number) row[2]).longValue();
      Backlog found =
          "PARKED".equals(row[1])
              ? new Backlog(0, count, null, 0)
              : new Backlog(count, 0, (LocalDateTime) row[3], 0);
      backlogs.merge((String) row[0], found, Backlog::plus);
    }
    @SuppressWarnings("unchecked")
    List<Object[]> onGap = em.createNativeQuery(WAITING_ON_GAP).getResultList();
    for (Object[] row : onGap) {
      backlogs.merge(
          (String) row[0], new Backlog(0, 0, null, ((Number) row[1]).longValue()), Backlog::plus);
    }
    return backlogs;
  }

  /**
   * How often the workers failed on a consumer's message so far (0 when unknown), read by SQL: the
   * caller's persistence context keeps no copy that a later update would leave stale.
   */
  public int attempts(String consumer, String messageId) {
    List<?> attempts =
        em.createNativeQuery(
                "select attempts from inbox_pending where consumer_name = ?1 and message_id = ?2")
            .setParameter(1, consumer)
            .setParameter(2, messageId)
            .getResultList();
    return attempts.isEmpty() ? 0 : ((Number) attempts.get(0)).intValue();
  }

  /**
   * A page of parked messages, oldest first: of one consumer, or of every one when {@code consumer}
   * is null.
   */
  public List<PendingMessage> parked(String consumer, int page, int size) {
    TypedQuery<PendingMessage> query =
        em.createQuery(
            "select m from PendingMessage m where m.state = 'PARKED'"
                + (consumer == null ? "" : " and m.consumerName = :consumer")
                + " order by m.receivedAt, m.consumerName, m.messageId",
            PendingMessage.class);
    if (consumer != null) {
      query.setParameter("consumer", consumer);
    }
    return query.setFirstResult(page * size).setMaxResults(size).getResultList();
  }

  /**
   * How many pending messages wait under each of the keys of the given messages, by consumer and
   * key; a key with none is absent.
   */
  public Map<ConsumerKey, Long> pendingOfKeys(List<PendingMessage> messages) {
    if (messages.isEmpty()) {
      return Map.of();
    }
    @SuppressWarnings("unchecked")
    List<Object[]> counted =
        em.createQuery(
                "select m.consumerName, m.orderingKey, count(m) from PendingMessage m"
                    + " where m.state = 'PENDING' and m.orderingKey in :keys"
                    + " group by m.consumerName, m.orderingKey")
            .setParameter(
                "keys", messages.stream().map(PendingMessage::orderingKey).distinct().toList())
            .getResultList();
    Map<ConsumerKey, Long> waiting = new HashMap<>();
    for (Object[] row : counted) {
      waiting.put(new ConsumerKey((String) row[0], (String) row[1]), ((Number) row[2]).longValue());
    }
    return waiting;
  }

  /** An ordering key of one consumer. */
  public record ConsumerKey(String consumer, String orderingKey) {}

  /** A consumer's message as it stands; empty when unknown. */
  public Optional<PendingMessage> find(String consumer, String messageId) {
    return Optional.ofNullable(
        em.find(PendingMessage.class, new ConsumerMessageKey(consumer, messageId)));
  }
}
