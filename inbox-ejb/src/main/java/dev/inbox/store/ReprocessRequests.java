package dev.inbox.store;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Operators' requests to reprocess messages (table {@code inbox_reprocess}), in the caller's
 * transaction: a request forgets a consumer's row for a message and keeps, in its audit entry, who
 * asked, when and why, and what the forgotten row said. Retention retires a request when it deletes
 * the row of the message's next application. The table is written and read with plain SQL that the
 * three databases share.
 */
@ApplicationScoped
public class ReprocessRequests {

  private static final String SELECT =
      "select request_id, consumer_name, message_id, requested_by, reason, requested_at,"
          + " previous_processed_at, previous_payload_hash, previous_result_ref, retired_at"
          + " from inbox_reprocess where ";

  /** The audit entry of a message the consumer had no row for. */
  private static final String INSERT =
      "insert into inbox_reprocess (request_id, consumer_name, message_id, requested_by, reason,"
          + " requested_at) values (?1, ?2, ?3, ?4, ?5, ?6)";

  /**
   * The audit entry of a forgotten row. Two statements rather than one with nulls: PostgreSQL
   * refuses a null bound as a time, which the driver sends untyped, as text.
   */
  private static final String INSERT_WITH_ROW =
      "insert into inbox_reprocess (request_id, consumer_name, message_id, requested_by, reason,"
          + " requested_at, previous_processed_at, previous_payload_hash, previous_result_ref)"
          + " values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)";

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  @Inject private Clock clock;

  @Inject private AppliedBodies bodies;

  /**
   * One message an operator asked a consumer to process again.
   *
   * @param requestedAt when, the same for every message of the request (UTC)
   * @param previousProcessedAt when the forgotten row was processed (UTC); null when the consumer
   *     had no row for the message (never applied, or deleted by retention)
   * @param previousFingerprint the forgotten row's payload fingerprint, or null
   * @param previousResult what the forgotten row said its handler produced, or null
   * @param retiredAt when retention deleted the row of the message's next application, after which
   *     the request exempts nothing from the late-delivery check; null until then
   */
  public record Entry(
      String requestId,
      String consumer,
      String messageId,
      String requestedBy,
      String reason,
      LocalDateTime requestedAt,
      LocalDateTime previousProcessedAt,
      String previousFingerprint,
      String previousResult,
      LocalDateTime retiredAt) {}

  /** The entries a request wrote, in message id order; empty when no request has that id. */
  public List<Entry> ofRequest(String requestId) {
    return entries("request_id = ?1 order by message_id", requestId);
  }

  /** Every request for a consumer and message, oldest first. */
  public List<Entry> of(String consumer, String messageId) {
    return entries(
        "consumer_name = ?1 and message_id = ?2 order by requested_at", consumer, messageId);
  }

  /**
   * Forgets the consumer's rows for the messages, their failure-ledger entries and kept bodies, and
   * writes an audit entry for each. A row is locked only when there is one, so that no lock is
   * taken on a key that does not exist (MariaDB would lock the gap around it, and hold up
   * deliveries of its neighbours). A delivery that commits the message's row after it was read here
   * keeps it: that is the application the request asked for, and retention retires the request with
   * it.
   *
   * @return the entries, in message id order
   */
  public List<Entry> forget(
      String requestId,
      String consumer,
      List<String> messageIds,
      String requestedBy,
      String reason) {
    // As the databases keep it, so that what a request returns equals what it wrote.
    LocalDateTime now = LocalDateTime.now(clock).truncatedTo(ChronoUnit.MICROS);
    List<Entry> written = new ArrayList<>();
    for (String messageId : messageIds.stream().sorted().toList()) {
      ConsumerMessageKey key = new ConsumerMessageKey(consumer, messageId);
      InboxEntry row = em.find(InboxEntry.class, key);
      if (row != null) {
        em.refresh(row, LockModeType.PESSIMISTIC_WRITE);
      }
      Entry entry =
          new Entry(
              requestId,
              consumer,
              messageId,
              requestedBy,
              reason,
              now,
              row == null ? null : row.processedAt(),
              row == null ? null : row.payloadHash(),
              row == null ? null : row.resultReference(),
              null);
      write(entry);
      if (row != null) {
        em.remove(row);
      }
      FailureEntry failures = em.find(FailureEntry.class, key);
      if (failures != null) {
        em.remove(failures);
      }
      written.add(entry);
    }
    em.flush();
    bodies.forgetWithoutRows(consumer, messageIds);
    return written;
  }

  /**
   * Retires the requests of messages whose rows retention deleted, in retention's transaction: each
   * such row is the request's application (or one that raced with it), and a copy of the message
   * that comes later is late again.
   */
  void retire(String consumer, List<String> messageIds, LocalDateTime at) {
    if (messageIds.isEmpty()) {
      return;
    }
    Query retire =
        em.createNativeQuery(
                "update inbox_reprocess set retired_at = ?1 where consumer_name = ?2"
                    + " and retired_at is null and message_id in ("
                    + IntStream.range(0, messageIds.size())
                        .mapToObj(i -> "?" + (i + 3))
                        .collect(Collectors.joining(", "))
                    + ")")
            .setParameter(1, Timestamp.valueOf(at))
            .setParameter(2, consumer);
    for (int i = 0; i < messageIds.size(); i++) {
      retire.setParameter(i + 3, messageIds.get(i));
    }
    retire.executeUpdate();
  }

  private void write(Entry entry) {
    boolean hadRow = entry.previousProcessedAt() != null;
    Query insert =
        em.createNativeQuery(hadRow ? INSERT_WITH_ROW : INSERT)
            .setParameter(1, entry.requestId())
            .setParameter(2, entry.consumer())
            .setParameter(3, entry.messageId())
            .setParameter(4, entry.requestedBy())
            .setParameter(5, entry.reason())
            .setParameter(6, Timestamp.valueOf(entry.requestedAt()));
    if (hadRow) {
      insert
          .setParameter(7, Timestamp.valueOf(entry.previousProcessedAt()))
          .setParameter(8, entry.previousFingerprint())
          .setParameter(9, entry.previousResult());
    }
    insert.executeUpdate();
  }

  private List<Entry> entries(String where, Object... values) {
    Query query = em.createNativeQuery(SELECT + where);
    for (int i = 0; i < values.length; i++) {
      query.setParameter(i + 1, values[i]);
    }
    @SuppressWarnings("unchecked")
    List<Object[]> rows = query.getResultList();
    return rows.stream()
        .map(
            row ->
                new Entry(
                    (String) row[0],
                    (String) row[1],
                    (String) row[2],
                    (String) row[3],
                    (String) row[4],
                    localDateTime(row[5]),
                    localDateTime(row[6]),
                    (String) row[7],
                    (String) row[8],
                    localDateTime(row[9])))
        .toList();
  }

  /** A timestamp column as the drivers give it: a Timestamp, or already a LocalDateTime. */
  static LocalDateTime localDateTime(Object value) {
    if (value == null) {
      return null;
    }
    return value instanceof Timestamp timestamp
        ? timestamp.toLocalDateTime()
        : (LocalDateTime) value;
  }
}
