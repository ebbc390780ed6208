package dev.inbox.it.handlers;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Counts rows in the inbox and business tables, by SQL, outside any transaction. */
@ApplicationScoped
public class Rows {

  /** Longer than any transaction manager takes between its prepare and its commit. */
  private static final Duration SECOND_PHASE = Duration.ofSeconds(30);

  private static final Duration POLL = Duration.ofMillis(200);

  /**
   * A plan's first line's row count: {@code Seq Scan on inbox_entry (cost=0.00..1.04 rows=3
   * width=4)}.
   */
  private static final Pattern PLAN_ROWS = Pattern.compile(" rows=(\\d+) ");

  @PersistenceContext(unitName = "inbox-it")
  private EntityManager em;

  /** Inbox rows of one consumer whose message id starts with the prefix. */
  public long inbox(String consumer, String messageIdPrefix) {
    return count(
        "select count(*) from inbox_entry where consumer_name = ?1 and message_id like ?2",
        consumer,
        messageIdPrefix + "%");
  }

  /** Bodies kept of one consumer's applied messages whose id starts with the prefix. */
  public long appliedBodies(String consumer, String messageIdPrefix) {
    return count(
        "select count(*) from inbox_applied_body where consumer_name = ?1 and message_id like ?2",
        consumer,
        messageIdPrefix + "%");
  }

  /** Inbox rows of every consumer whose message id starts with the prefix. */
  public long inbox(String messageIdPrefix) {
    return count(
        "select count(*) from inbox_entry where message_id like ?1", messageIdPrefix + "%");
  }

  /** The message ids of a consumer's inbox rows whose id starts with the prefix, as stored. */
  public List<String> inboxIds(String consumer, String messageIdPrefix) {
    return strings(
        "select message_id from inbox_entry where consumer_name = ?1 and message_id like ?2",
        consumer,
        messageIdPrefix + "%");
  }

  /** The messages whose id starts with the prefix that a consumer applied, in the order it did. */
  public List<String> effectsInOrder(String consumer, String messageIdPrefix) {
    return strings(
        "select message_id from it_effect where consumer_name = ?1 and message_id like ?2"
            + " order by applied_at",
        consumer,
        messageIdPrefix + "%");
  }

  /** A store-then-process consumer's stored messages whose id starts with the prefix, by state. */
  public long stored(String consumer, String messageIdPrefix, String state) {
    return count(
        "select count(*) from inbox_pending where consumer_name = ?1 and message_id like ?2"
            + " and state = ?3",
        consumer,
        messageIdPrefix + "%",
        state);
  }

  /**
   * The payload hashes of the effects a test handler wrote for messages whose id starts with the
   * prefix, by message id (one effect each when all went well).
   */
  public Map<String, List<String>> effectHashes(String consumer, String messageIdPrefix) {
    var query =
        em.createNativeQuery(
            "select message_id, payload_hash from it_effect where consumer_name = ?1"
                + " and message_id like ?2");
    query.setParameter(1, consumer);
    query.setParameter(2, messageIdPrefix + "%");
    Map<String, List<String>> hashes = new TreeMap<>();
    for (Object row : query.getResultList()) {
      Object[] columns = (Object[]) row;
      hashes
          .computeIfAbsent(String.valueOf(columns[0]), id -> new ArrayList<>())
          .add(String.valueOf(columns[1]));
    }
    return hashes;
  }

  /** Effect rows a test handler wrote for exactly this message id. */
  public long effectsOf(String consumer, String messageId) {
    return count(
        "select count(*) from it_effect where consumer_name = ?1 and message_id = ?2",
        consumer,
        messageId);
  }

  /** What the handler recorded it produced for a message, from its inbox row; null for nothing. */
  public String resultOf(String consumer, String messageId) {
    return single(
            "select result_ref from inbox_entry where consumer_name = ?1 and message_id = ?2",
            consumer,
            messageId)
        .map(String::valueOf)
        .orElse(null);
  }

  /**
   * The uncertain effects reported for a message, each as "target reports=N settled|unsettled", in
   * the order of their targets.
   */
  public List<String> uncertainEffects(String consumer, String messageId) {
    var query =
        em.createNativeQuery(
            "select target, reports, settled_at from inbox_effect where consumer_name = ?1"
                + " and message_id = ?2 order by target");
    query.setParameter(1, consumer);
    query.setParameter(2, messageId);
    List<String> effects = new ArrayList<>();
    for (Object row : query.getResultList()) {
      Object[] columns = (Object[]) row;
      effects.add(
          "%s reports=%s %s"
              .formatted(columns[0], columns[1], columns[2] == null ? "unsettled" : "settled"));
    }
    return effects;
  }

  /**
   * Writes a consumer's retention watermark straight into the table, as another node's sweep would
   * have moved it, over one an earlier run on the same server left.
   */
  @Transactional
  public void writeWatermark(String consumer, LocalDateTime purgedThrough) {
    em.createNativeQuery("delete from inbox_watermark where consumer_name = ?1")
        .setParameter(1, consumer)
        .executeUpdate();
    em.createNativeQuery(
            "insert into inbox_watermark (consumer_name, purged_through, updated_at)"
                + " values (?1, ?2, ?3)")
        .setParameter(1, consumer)
        .setParameter(2, purgedThrough)
        .setParameter(3, LocalDateTime.now(ZoneOffset.UTC))
        .executeUpdate();
  }

  /**
   * Marks a consumer's row as written by another processing version: the deployment before a fix,
   * for a test of the version that follows it.
   */
  @Transactional
  public void writtenByVersion(String consumer, String messageId, int version) {
    em.createNativeQuery(
            "update inbox_entry set processing_version = ?1, result_ref = null"
                + " where consumer_name = ?2 and message_id = ?3")
        .setParameter(1, version)
        .setParameter(2, consumer)
        .setParameter(3, messageId)
        .executeUpdate();
  }

  /** The processing version on a consumer's row for a message, if it has one. */
  public Optional<Integer> processingVersion(String consumer, String messageId) {
    return single(
            "select processing_version from inbox_entry where consumer_name = ?1"
                + " and message_id = ?2",
            consumer,
            messageId)
        .map(value -> ((Number) value).intValue());
  }

  /**
   * Writes inbox rows straight into the table, processed a day ago, as if a consumer had applied
   * them long before: rows for retention to delete.
   */
  @Transactional
  public void insertOldRows(String consumer, String messageIdPrefix, int count) {
    insertRows(consumer, messageIdPrefix, count, Duration.ofDays(1));
  }

  /** Writes inbox rows straight into the table, processed the given time ago. */
  @Transactional
  public void insertRows(String consumer, String messageIdPrefix, int count, Duration ago) {
    LocalDateTime processedAt = LocalDateTime.now(ZoneOffset.UTC).minus(ago);
    for (int i = 0; i < count; i++) {
      em.createNativeQuery(
              "insert into inbox_entry (consumer_name, message_id, message_type, payload_hash,"
                  + " received_at, processed_at, delivery_count) values (?1, ?2, ?3, ?4, ?5, ?5, 1)")
          .setParameter(1, consumer)
          .setParameter(2, messageIdPrefix + i)
          .setParameter(3, "it.old")
          .setParameter(4, "0".repeat(64))
          .setParameter(5, processedAt)
          .executeUpdate();
    }
  }

  /** Deletes a consumer's inbox rows whose message id starts with the prefix; returns how many. */
  @Transactional
  public int deleteInbox(String consumer, String messageIdPrefix) {
    return em.createNativeQuery(
            "delete from inbox_entry where consumer_name = ?1 and message_id like ?2")
        .setParameter(1, consumer)
        .setParameter(2, messageIdPrefix + "%")
        .executeUpdate();
  }

  /**
   * PostgreSQL only: refreshes the inbox table's statistics and turns its autovacuum off, so that
   * the planner's estimates stay as this analysis left them, whatever is deleted meanwhile.
   */
  @Transactional
  public void freezeInboxStatistics() {
    em.createNativeQuery("alter table inbox_entry set (autovacuum_enabled = off)").executeUpdate();
    em.createNativeQuery("analyze inbox_entry").executeUpdate();
  }

  /** PostgreSQL only: undoes {@link #freezeInboxStatistics}. */
  @Transactional
  public void thawInboxStatistics() {
    em.createNativeQuery("alter table inbox_entry reset (autovacuum_enabled)").executeUpdate();
  }

  /**
   * PostgreSQL only: how many rows of the consumer its planner estimates, the row count of the
   * first line of its plan for them.
   */
  @Transactional
  public long plannerEstimate(String consumer) {
    String plan =
        String.valueOf(
            em.createNativeQuery("explain select 1 from inbox_entry where consumer_name = ?1")
                .setParameter(1, consumer)
                .getResultList()
                .get(0));
    Matcher rows = PLAN_ROWS.matcher(plan);
    if (!rows.find()) {
      throw new IllegalStateException("No row count in the plan's first line: " + plan);
    }
    return Long.parseLong(rows.group(1));
  }

  /**
   * Deletes the rows that say which schema version the inbox's tables are at, as tables that no
   * migration brought to a version look, and returns them for {@link #restoreSchemaVersions}.
   */
  @Transactional
  public List<Object[]> removeSchemaVersions() {
    List<Object[]> versions = new ArrayList<>();
    for (Object row :
        em.createNativeQuery("select version, description from inbox_schema_version")
            .getResultList()) {
      versions.add((Object[]) row);
    }
    em.createNativeQuery("delete from inbox_schema_version").executeUpdate();
    return versions;
  }

  /** Puts back the rows {@link #removeSchemaVersions} deleted. */
  @Transactional
  public void restoreSchemaVersions(List<Object[]> versions) {
    for (Object[] version : versions) {
      em.createNativeQuery(
              "insert into inbox_schema_version (version, description) values (?1, ?2)")
          .setParameter(1, version[0])
          .setParameter(2, version[1])
          .executeUpdate();
    }
  }

  /** A consumer's retention watermark: the newest processed_at retention has deleted. */
  public Optional<Object> watermark(String consumer) {
    return single("select purged_through from inbox_watermark where consumer_name = ?1", consumer);
  }

  /** Inbox rows of one consumer, of the prefix, recorded as semantic duplicates of another. */
  public long semanticDuplicates(String consumer, String messageIdPrefix) {
    return count(
        "select count(*) from inbox_entry where consumer_name = ?1 and message_id like ?2"
            + " and duplicate_of is not null",
        consumer,
        messageIdPrefix + "%");
  }

  /**
   * How long a store-then-process consumer's message waited from its intake to the processing that
   * finished it; empty until one did.
   */
  public Optional<Duration> storedWait(String consumer, String messageId) {
    String where = " from inbox_pending where consumer_name = ?1 and message_id = ?2";
    Optional<Object> received = single("select received_at" + where, consumer, messageId);
    Optional<Object> finished = single("select finished_at" + where, consumer, messageId);
    if (received.isEmpty() || finished.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(Duration.between(localTime(received.get()), localTime(finished.get())));
  }

  private static LocalDateTime localTime(Object column) {
    return column instanceof Timestamp timestamp
        ? timestamp.toLocalDateTime()
        : (LocalDateTime) column;
  }

  /** Effect rows that a test handler wrote for messages whose id starts with the prefix. */
  public long effects(String consumer, String messageIdPrefix) {
    return count(
        "select count(*) from it_effect where consumer_name = ?1 and message_id like ?2",
        consumer,
        messageIdPrefix + "%");
  }

  /** Follow-up tasks that the example handler created for opportunities with the prefix. */
  public long followUpTasks(String opportunityPrefix) {
    return count(
        "select count(*) from followup_task where opportunity_id like ?1", opportunityPrefix + "%");
  }

  /** The delivery count an inbox row recorded: which delivery applied the message. */
  public Optional<Integer> deliveryCount(String consumer, String messageId) {
    return single(
            "select delivery_count from inbox_entry where consumer_name = ?1 and message_id = ?2",
            consumer,
            messageId)
        .map(value -> ((Number) value).intValue());
  }

  /** The message id an inbox row names as the first to ask for the same business action. */
  public Optional<String> duplicateOf(String consumer, String messageId) {
    return single(
            "select duplicate_of from inbox_entry where consumer_name = ?1 and message_id = ?2",
            consumer,
            messageId)
        .map(String::valueOf);
  }

  /**
   * Whether a consumer's row says it received the message when it first failed on it (the failure
   * ledger's first attempt), before the delivery that applied it.
   */
  public boolean receivedAtFirstFailure(String consumer, String messageId) {
    return count(
            "select count(*) from inbox_entry e join inbox_failure f"
                + " on f.consumer_name = e.consumer_name and f.message_id = e.message_id"
                + " where e.consumer_name = ?1 and e.message_id = ?2"
                + " and e.received_at = f.first_seen and e.received_at < e.processed_at",
            consumer,
            messageId)
        == 1;
  }

  /** The failure ledger's attempts of a consumer on a message, if it has an entry. */
  public Optional<Integer> failedAttempts(String consumer, String messageId) {
    return single(
            "select attempts from inbox_failure where consumer_name = ?1 and message_id = ?2",
            consumer,
            messageId)
        .map(value -> ((Number) value).intValue());
  }

  /** The failure ledger's kind of failure (TRANSIENT, PERMANENT), if it has an entry. */
  public Optional<String> failureKind(String consumer, String messageId) {
    return single(
            "select failure_kind from inbox_failure where consumer_name = ?1 and message_id = ?2",
            consumer,
            messageId)
        .map(String::valueOf);
  }

  /** The name the inbox's database gives itself: H2, PostgreSQL or MariaDB. */
  @Transactional
  public String databaseProduct() {
    try {
      return em.unwrap(Connection.class).getMetaData().getDatabaseProductName();
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the database's name", e);
    }
  }

  /**
   * Transactions the database holds prepared, waiting for the transaction manager's verdict, that
   * are still prepared {@link #SECOND_PHASE} later: in doubt. A transaction in its second phase is
   * prepared for milliseconds (a timer's, or under MariaDB, whose {@code XA RECOVER} lists every
   * database's, another CI lane's); one still prepared after that is stuck.
   */
  @Transactional
  public long inDoubt() {
    Connection connection = em.unwrap(Connection.class);
    try (Statement statement = connection.createStatement()) {
      Set<String> stuck = prepared(statement);
      Instant deadline = Instant.now().plus(SECOND_PHASE);
      while (!stuck.isEmpty() && Instant.now().isBefore(deadline)) {
        Thread.sleep(POLL.toMillis());
        stuck.retainAll(prepared(statement));
      }
      return stuck.size();
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot list the transactions in doubt", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while watching the prepared transactions", e);
    }
  }

  /** The ids of the transactions the database holds prepared; each database lists them its way. */
  private static Set<String> prepared(Statement statement) throws SQLException {
    String database = statement.getConnection().getMetaData().getDatabaseProductName();
    String sql =
        switch (database) {
          case "PostgreSQL" ->
              "select gid from pg_prepared_xacts where database = current_database()";
          case "H2" -> "select transaction_name from information_schema.in_doubt";
          case "MariaDB", "MySQL" -> "XA RECOVER";
          default -> throw new IllegalStateException("No in-doubt query for " + database);
        };
    Set<String> ids = new HashSet<>();
    try (ResultSet rows = statement.executeQuery(sql)) {
      while (rows.next()) {
        // XA RECOVER: formatID, gtrid_length, bqual_length, data.
        ids.add(
            sql.startsWith("XA") ? rows.getInt(1) + ":" + rows.getString(4) : rows.getString(1));
      }
    }
    return ids;
  }

  private List<String> strings(String sql, Object... parameters) {
    var query = em.createNativeQuery(sql);
    for (int i = 0; i < parameters.length; i++) {
      query.setParameter(i + 1, parameters[i]);
    }
    return ((List<?>) query.getResultList()).stream().map(String::valueOf).toList();
  }

  /** The state of an idempotent request's row ({@code inbox_idempotency}), or empty without one. */
  public Optional<String> idempotentRequest(String operation, String key) {
    return single(
            "select state from inbox_idempotency where operation = ?1 and idempotency_key = ?2",
            operation,
            key)
        .map(String::valueOf);
  }

  private long count(String sql, Object... parameters) {
    return single(sql, parameters).map(value -> ((Number) value).longValue()).orElse(0L);
  }

  private Optional<Object> single(String sql, Object... parameters) {
    var query = em.createNativeQuery(sql);
    for (int i = 0; i < parameters.length; i++) {
      query.setParameter(i + 1, parameters[i]);
    }
    List<?> results = query.getResultList();
    return results.isEmpty() ? Optional.empty() : Optional.ofNullable(results.get(0));
  }
}
