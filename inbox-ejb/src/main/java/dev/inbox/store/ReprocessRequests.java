package dev.inbox.store;

import dev.inbox.spi.Limits;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Operators' requests to reprocess messages (table {@code inbox_reprocess}), in the caller's
 * transaction: a request forgets a consumer's row for a message and keeps, in its audit record, who
 * asked, when and why, and what the forgotten row said. The table is an append-only log, written
 * and read with plain SQL that the three databases share.
 */
@ApplicationScoped
public class ReprocessRequests {

  private static final List<String> COLUMNS =
      List.of(
          "request_id",
          "consumer_name",
          "message_id",
          "requested_by",
          "reason",
          "requested_at",
          "previous_processed_at",
          "previous_payload_hash",
          "previous_result_ref");

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  @Inject private Clock clock;

  /**
   * One message an operator asked a consumer to process again.
   *
   * @param previousProcessedAt when the forgotten row was processed (UTC); null when the consumer
   *     had no row for the message (never applied, or deleted by retention)
   * @param previousFingerprint the forgotten row's payload fingerprint, or null
   * @param previousResult what the forgotten row said its handler produced, or null
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
      String previousResult) {}

  /** The entries a request wrote, in message id order; empty when no request has that id. */
  public List<Entry> ofRequest(String requestId) {
    return entries("request_id = ?1", requestId);
  }

  /** Every request for a consumer and message, oldest first. */
  public List<Entry> of(String consumer, String messageId) {
    return entries("consumer_name = ?1 and message_id = ?2", consumer, messageId);
  }

  /**
   * Forgets the consumer's row for the message, if it has one, and its failure-ledger entry, and
   * writes the audit entry that says so. The row is locked first, so that a delivery applying the
   * message at the same time either commits before (and its row is forgotten) or after (and its row
   * stays, as the first application after the request).
   */
  public Entry forget(
      String requestId, String consumer, String messageId, String requestedBy, String reason) {
    InboxEntry.Key key = new InboxEntry.Key(consumer, messageId);
    InboxEntry row = em.find(InboxEntry.class, key, LockModeType.PESSIMISTIC_WRITE);
    Entry entry =
        new Entry(
            requestId,
            consumer,
            messageId,
            Columns.cut(requestedBy, Limits.CONSUMER_NAME),
            Columns.cut(reason, Limits.ERROR),
            // As the databases keep it, so that what a request returns equals what it wrote.
            LocalDateTime.now(clock).truncatedTo(ChronoUnit.MICROS),
            row == null ? null : row.processedAt(),
            row == null ? null : row.payloadHash(),
            row == null ? null : row.resultReference());
    // Without the previous row's columns when there was none: a null bound as a time is refused by
    // PostgreSQL, which takes the driver's untyped null for a text.
    int columns = row == null ? 6 : 9;
    var insert =
        em.createNativeQuery(
            "insert into inbox_reprocess (%s) values (%s)"
                .formatted(
                    String.join(", ", COLUMNS.subList(0, columns)),
                    String.join(", ", Collections.nCopies(columns, "?"))));
    List<Object> values =
        new ArrayList<>(
            List.of(
                entry.requestId(),
                entry.consumer(),
                entry.messageId(),
                entry.requestedBy(),
                entry.reason(),
                Timestamp.valueOf(entry.requestedAt())));
    if (row != null) {
      values.add(Timestamp.valueOf(entry.previousProcessedAt()));
      values.add(entry.previousFingerprint());
      values.add(entry.previousResult());
    }
    for (int i = 0; i < values.size(); i++) {
      insert.setParameter(i + 1, values.get(i));
    }
    insert.executeUpdate();
    if (row != null) {
      em.remove(row);
    }
    FailureEntry failures = em.find(FailureEntry.class, key, LockModeType.PESSIMISTIC_WRITE);
    if (failures != null) {
      em.remove(failures);
    }
    em.flush();
    return entry;
  }

  private List<Entry> entries(String where, Object... values) {
    var query =
        em.createNativeQuery(
            "select "
                + String.join(", ", COLUMNS)
                + " from inbox_reprocess where "
                + where
                + " order by requested_at, message_id");
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
                    (String) row[8]))
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
