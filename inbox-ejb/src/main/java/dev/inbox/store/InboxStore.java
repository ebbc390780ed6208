package dev.inbox.store;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityNotFoundException;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/** Reads and writes inbox rows: writes in the caller's transaction, look-ups of committed rows. */
@ApplicationScoped
public class InboxStore {

  private static final Logger LOG = Logger.getLogger(InboxStore.class.getName());

  /** SQLState of a unique violation on PostgreSQL and H2. */
  private static final String UNIQUE_VIOLATION = "23505";

  /** MariaDB's and MySQL's error code for a duplicate key (its SQLState, 23000, is too broad). */
  private static final int MARIADB_DUPLICATE_KEY = 1062;

  /** MariaDB's error code for a deadlock it broke by rolling this transaction back. */
  private static final int MARIADB_DEADLOCK = 1213;

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  private final CommittedRows committed;
  private final Enlistment enlistment;

  @Inject
  InboxStore(CommittedRows committed, Enlistment enlistment) {
    this.committed = committed;
    this.enlistment = enlistment;
  }

  /** For the CDI proxy. */
  protected InboxStore() {
    this(null, null);
  }

  /**
   * The entity manager of the delivery's transaction, noting that the transaction now holds a
   * database connection: every statement in the transaction goes through here, so that a later
   * look-up reads on the same connection instead of taking a second one from the pool.
   */
  private EntityManager joined() {
    enlistment.joined();
    return em;
  }

  /**
   * The row of a consumer and message. Read outside the caller's transaction while that has not
   * used the database: a duplicate then leaves the database out of it.
   */
  public Optional<InboxEntry> find(String consumer, String messageId) {
    if (!enlistment.isJoined()) {
      return committed.find(consumer, messageId);
    }
    return Optional.ofNullable(
        joined().find(InboxEntry.class, new ConsumerMessageKey(consumer, messageId)));
  }

  /**
   * The rows of several consumers for one message, by consumer, in one look-up; read outside the
   * caller's transaction while that has not used the database, as {@link #find} does.
   */
  public Map<String, InboxEntry> findAll(Collection<String> consumers, String messageId) {
    List<InboxEntry> rows =
        enlistment.isJoined()
            ? rowsOf(joined(), consumers, messageId)
            : committed.findAll(consumers, messageId);
    return rows.stream().collect(Collectors.toMap(InboxEntry::consumerName, row -> row));
  }

  static List<InboxEntry> rowsOf(EntityManager em, Collection<String> consumers, String messageId) {
    return em.createQuery(
            "select e from InboxEntry e where e.messageId = :messageId"
                + " and e.consumerName in :consumers",
            InboxEntry.class)
        .setParameter("messageId", messageId)
        .setParameter("consumers", consumers)
        .getResultList();
  }

  public Optional<InboxEntry> findByBusinessKey(String consumer, String businessKey) {
    return joined()
        .createQuery(
            "select e from InboxEntry e where e.consumerName = :consumer"
                + " and e.businessKey = :businessKey",
            InboxEntry.class)
        .setParameter("consumer", consumer)
        .setParameter("businessKey", businessKey)
        .getResultStream()
        .findFirst();
  }

  /**
   * When an operator last asked the consumer to reprocess the message ({@link ReprocessRequests}),
   * in the delivery's transaction; empty when nobody did, or retention retired the request.
   */
  public Optional<LocalDateTime> lastReprocessRequest(String consumer, String messageId) {
    Object newest =
        joined()
            .createNativeQuery(
                "select max(requested_at) from inbox_reprocess"
                    + " where consumer_name = ?1 and message_id = ?2 and retired_at is null")
            .setParameter(1, consumer)
            .setParameter(2, messageId)
            .getSingleResult();
    return Optional.ofNullable(ReprocessRequests.localDateTime(newest));
  }

  /**
   * Rows per consumer and each consumer's oldest processed_at, for the gauges. A consumer's rows
   * are counted while the database estimates them at no more than {@code estimateAbove}; above it,
   * the estimate is the figure ({@link RowEstimates}): counting ten million rows is a second or
   * more of the database's time, on every node at every refresh. The oldest row is one step into
   * the retention index either way.
   */
  public ConsumerRows rowsOf(Collection<String> consumers, long estimateAbove) {
    Map<String, Long> count = new HashMap<>();
    Map<String, LocalDateTime> oldest = new HashMap<>();
    for (String consumer : consumers) {
      Kept kept =
          estimate(consumer)
              .filter(estimated -> estimated > estimateAbove)
              .map(estimated -> new Kept(estimated, oldest(consumer)))
              .orElseGet(() -> counted(consumer));
      count.put(consumer, kept.rows());
      if (kept.oldest() != null) {
        oldest.put(consumer, kept.oldest());
      }
    }
    return new ConsumerRows(count, oldest);
  }

  /** A consumer's rows, and its oldest row's processed_at, or null when it has none. */
  private record Kept(long rows, LocalDateTime oldest) {}

  /** The database's estimate; none when it cannot give one, and the rows are counted instead. */
  private Optional<Long> estimate(String consumer) {
    try {
      return RowEstimates.of(em, consumer);
    } catch (PersistenceException e) {
      LOG.log(Level.FINE, e, () -> "No estimate of the rows of " + consumer + "; counted");
      return Optional.empty();
    }
  }

  private LocalDateTime oldest(String consumer) {
    return em.createQuery(
            "select min(e.processedAt) from InboxEntry e where e.consumerName = :consumer",
            LocalDateTime.class)
        .setParameter("consumer", consumer)
        .getSingleResult();
  }

  private Kept counted(String consumer) {
    Object[] row =
        em.createQuery(
                "select count(e), min(e.processedAt) from InboxEntry e"
                    + " where e.consumerName = :consumer",
                Object[].class)
            .setParameter("consumer", consumer)
            .getSingleResult();
    return new Kept(((Number) row[0]).longValue(), (LocalDateTime) row[1]);
  }

  /**
   * Rows kept per consumer, and the oldest row's processed_at (UTC) per consumer.
   *
   * @param count rows per consumer
   * @param oldest the oldest processed_at per consumer
   */
  public record ConsumerRows(Map<String, Long> count, Map<String, LocalDateTime> oldest) {}

  /**
   * Inserts the row and flushes it, so that a concurrent delivery of the same key is decided here,
   * before any business work. A concurrent insert blocks on the unique index until the other
   * transaction ends.
   *
   * @return true when the row was written; false when another delivery holds the same key, in which
   *     case the transaction is marked for rollback and no further statement may run in it
   */
  public boolean insert(InboxEntry entry) {
    EntityManager transaction = joined();
    try {
      transaction.persist(entry);
      transaction.flush();
      return true;
    } catch (PersistenceException e) {
      if (isUniqueViolation(e)) {
        return false;
      }
      throw e;
    }
  }

  /**
   * Takes the row of a message that the consumer applied under an earlier processing version, to
   * apply it again: locks it, reads it afresh, and writes the new version on it, so that of several
   * deliveries at once only the first goes on; the others wait for it, then find the new version.
   *
   * @return the row, managed, to record what the handler produces; empty when another delivery took
   *     it first, or it is gone (forgotten, or deleted by retention)
   */
  public Optional<InboxEntry> reprocess(
      String consumer, String messageId, int version, int delivery, LocalDateTime at) {
    EntityManager transaction = joined();
    InboxEntry row =
        transaction.find(InboxEntry.class, new ConsumerMessageKey(consumer, messageId));
    if (row == null) {
      return Optional.empty();
    }
    try {
      transaction.refresh(row, LockModeType.PESSIMISTIC_WRITE);
    } catch (EntityNotFoundException forgotten) {
      return Optional.empty();
    }
    if (row.processingVersion() >= version || row.duplicateOf() != null) {
      return Optional.empty();
    }
    row.reprocessed(version, delivery, at);
    transaction.flush();
    return Optional.of(row);
  }

  /**
   * Whether a failure was a deadlock the database broke by rolling one side back (SQLSTATE 40001,
   * PostgreSQL's 40P01, MariaDB's error 1213): the transaction may be tried again.
   */
  static boolean isDeadlock(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql
          && ("40001".equals(sql.getSQLState())
              || "40P01".equals(sql.getSQLState())
              || sql.getErrorCode() == MARIADB_DEADLOCK)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a failure was a unique-key violation, the expected end of a lost race. */
  static boolean isUniqueViolation(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql
          && (UNIQUE_VIOLATION.equals(sql.getSQLState())
              || sql.getErrorCode() == MARIADB_DUPLICATE_KEY)) {
        return true;
      }
    }
    return false;
  }
}
