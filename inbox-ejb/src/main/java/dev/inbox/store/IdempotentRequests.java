package dev.inbox.store;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;

/**
 * The rows of idempotent HTTP requests ({@code inbox_idempotency}). A request claims its key by
 * inserting the row, in a transaction of its own, so that the primary key decides between two
 * requests with one key; it completes the row in the transaction of the resource's own writes, so
 * that the stored response commits with them or not at all. Every change after the claim checks the
 * attempt that holds the row, so a request that ran past its lease cannot complete a row another
 * attempt holds.
 *
 * <p>A session bean, not a CDI bean: on Payara, a CDI bean of this module with a persistence
 * context cannot be injected into a bean of another module (a team's web module).
 */
@Stateless
public class IdempotentRequests {

  /** The longest tenant a row holds. */
  public static final int MAX_TENANT = 200;

  /** The longest operation a row holds. */
  public static final int MAX_OPERATION = 100;

  /** The longest idempotency key a row holds. */
  public static final int MAX_KEY = 200;

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  /** A request's key: tenant ({@code ""} when unscoped), operation, and the client's key. */
  public record Key(String tenant, String operation, String key) {}

  /** Where a request stands. */
  public enum State {
    PENDING,
    COMPLETED,
    FAILED
  }

  /**
   * A response as stored, to be replayed.
   *
   * @param headers the headers that matter, as a JSON object of arrays
   * @param body the body as text, or null
   */
  public record Stored(int status, String headers, String body) {}

  /** What the row of a key holds. */
  public record Held(
      String fingerprint,
      State state,
      int attempt,
      LocalDateTime startedAt,
      LocalDateTime expiresAt,
      Stored response) {}

  /** The row of a key, as committed. */
  @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
  public Optional<Held> find(Key key) {
    return Optional.ofNullable(em.find(IdempotencyRecord.class, new IdempotencyRecord.Key(key)))
        .map(IdempotencyRecord::held);
  }

  /**
   * Claims a key no row holds: its first attempt.
   *
   * @throws jakarta.ejb.EJBException caused by a unique violation when another request inserted the
   *     row first
   */
  @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
  public void insert(Key key, String fingerprint, LocalDateTime now, LocalDateTime expiresAt) {
    em.persist(new IdempotencyRecord(key, fingerprint, now, expiresAt));
    em.flush();
  }

  /**
   * Claims a key whose row is free again (failed, expired, or pending past its lease), if it is
   * still at the attempt the caller read.
   *
   * @return the attempt that now holds it, or empty when another request took it first
   */
  @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
  public Optional<Integer> retake(
      Key key, int readAttempt, String fingerprint, LocalDateTime now, LocalDateTime expiresAt) {
    IdempotencyRecord row = locked(key);
    if (row == null || row.attempt() != readAttempt) {
      return Optional.empty();
    }
    row.retake(fingerprint, now, expiresAt);
    return Optional.of(row.attempt());
  }

  /**
   * Stores the response, in the caller's transaction: the resource's.
   *
   * @throws LeaseLost when the attempt no longer holds the row (it ran past its lease and another
   *     took it), which rolls the caller's transaction back
   */
  @TransactionAttribute(TransactionAttributeType.MANDATORY)
  public void complete(Key key, int attempt, Stored response, LocalDateTime now) {
    IdempotencyRecord row = locked(key);
    if (row == null || row.attempt() != attempt || row.state() != State.PENDING) {
      throw new LeaseLost(key);
    }
    row.complete(response, now);
    // Written now, so that a row the database refuses fails the request, not its commit alone.
    em.flush();
  }

  /** Marks a failed attempt's row, so that the client may retry with the same key. */
  @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
  public void fail(Key key, int attempt, LocalDateTime now) {
    IdempotencyRecord row = locked(key);
    if (row != null && row.attempt() == attempt && row.state() == State.PENDING) {
      row.fail(now);
    }
  }

  /**
   * Deletes up to {@code batchSize} rows that expired before {@code now}, oldest first.
   *
   * @return how many were deleted
   */
  @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
  public int purgeBatch(LocalDateTime now, int batchSize) {
    List<Object[]> expired =
        em.createQuery(
                "select r.tenant, r.operation, r.idempotencyKey from IdempotencyRecord r"
                    + " where r.expiresAt < :now order by r.expiresAt",
                Object[].class)
            .setParameter("now", now)
            .setMaxResults(batchSize)
            .getResultList();
    int deleted = 0;
    for (Object[] key : expired) {
      // Checked again: a request may have taken an expired key anew since it was read.
      deleted +=
          em.createQuery(
                  "delete from IdempotencyRecord r where r.tenant = :tenant"
                      + " and r.operation = :operation and r.idempotencyKey = :key"
                      + " and r.expiresAt < :now")
              .setParameter("tenant", key[0])
              .setParameter("operation", key[1])
              .setParameter("key", key[2])
              .setParameter("now", now)
              .executeUpdate();
    }
    return deleted;
  }

  private IdempotencyRecord locked(Key key) {
    return em.find(
        IdempotencyRecord.class, new IdempotencyRecord.Key(key), LockModeType.PESSIMISTIC_WRITE);
  }

  /**
   * Whether a claim failed for a race worth trying again: another request inserted the key first,
   * or, on MariaDB, a neighbouring insert locked the same gap of the index.
   */
  public static boolean isRaced(Throwable failure) {
    return InboxStore.isUniqueViolation(failure) || InboxStore.isDeadlock(failure);
  }
}
