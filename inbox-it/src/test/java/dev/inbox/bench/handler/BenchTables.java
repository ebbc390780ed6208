package dev.inbox.bench.handler;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;

/** The harness's SQL on the inbox's data source: fills, counts, and the database's own ceiling. */
@ApplicationScoped
public class BenchTables {

  /** The consumer name of the ceiling's inbox-like rows: no handler has it, no sweep touches it. */
  static final String CEILING_CONSUMER = "bench-ceiling";

  /**
   * A fill's insert, with the expressions of its rows' ids and of the rows to put in ({@link
   * BenchSql}): ?1 is the consumer, ?2 the time the rows were received and processed.
   */
  private static final String FILL =
      "insert into inbox_entry (consumer_name, message_id, message_type, payload_hash,"
          + " received_at, processed_at, delivery_count)"
          + " select ?1, %s, 'bench.fill', repeat('0', 64), ?2, ?2, 1 from %s";

  @PersistenceContext(unitName = "inbox-bench")
  private EntityManager em;

  /** Whether passes count their statements: {@link #countStatements()} decides it once. */
  private volatile boolean counting;

  /** The database's SQL, read from its metadata at the first call that needs it. */
  private volatile BenchSql sql;

  /** The database's product and version, for the report. */
  @Transactional
  public String database() {
    try {
      DatabaseMetaData meta = em.unwrap(Connection.class).getMetaData();
      return meta.getDatabaseProductName() + " " + meta.getDatabaseProductVersion();
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the database's metadata", e);
    }
  }

  /** The database settings that bear on commit cost, for the report. */
  @Transactional
  public String settings() {
    return (String) em.createNativeQuery(sql().settings()).getSingleResult();
  }

  /**
   * Starts counting a pass's statements: resets the counts where the database lets a client (for
   * the whole server: nobody else reads them here).
   *
   * @return the counters at the start, which {@link #counters()} at the end is compared with
   */
  @Transactional
  public DatabaseCounters startCounting() {
    if (counting) {
      sql().resetCounters().ifPresent(reset -> em.createNativeQuery(reset).getSingleResult());
    }
    return counters();
  }

  /**
   * The database's counters: the WAL (redo log) position, and the statements and transactions of
   * the server counted so far (empty when statements are not counted, or when PostgreSQL's {@code
   * pg_stat_statements} kept fewer distinct statements than a pass made: under XA each
   * transaction's {@code PREPARE TRANSACTION} and {@code COMMIT PREPARED} is an entry of its own).
   */
  @Transactional
  public DatabaseCounters counters() {
    long log = count(sql().logPosition());
    if (!counting) {
      return new DatabaseCounters(log, OptionalLong.empty(), OptionalLong.empty());
    }
    Object[] row = (Object[]) em.createNativeQuery(sql().counters()).getSingleResult();
    if (((Number) row[2]).intValue() != 0) {
      return new DatabaseCounters(log, OptionalLong.empty(), OptionalLong.empty());
    }
    return new DatabaseCounters(
        log,
        OptionalLong.of(((Number) row[0]).longValue()),
        OptionalLong.of(((Number) row[1]).longValue()));
  }

  /**
   * Makes the database's statement counts readable, so that passes count their statements: on
   * PostgreSQL {@code pg_stat_statements} in the benchmark's database, where the server loads it
   * ({@code shared_preload_libraries}); MariaDB counts them anyway.
   *
   * @return whether statements are counted
   */
  @Transactional
  public boolean countStatements() {
    Optional<String> extension = sql().statementsExtension();
    if (extension.isPresent()) {
      String preloaded =
          (String) em.createNativeQuery("show shared_preload_libraries").getSingleResult();
      if (!preloaded.contains(extension.get())) {
        return false;
      }
      em.createNativeQuery("create extension if not exists " + extension.get()).executeUpdate();
    }
    counting = true;
    return true;
  }

  /** Every inbox row, of every consumer. */
  @Transactional
  public long inboxRows() {
    return count("select count(*) from inbox_entry");
  }

  /** Inbox rows of one consumer. */
  @Transactional
  public long inboxRows(String consumer) {
    return count("select count(*) from inbox_entry where consumer_name = ?1", consumer);
  }

  /** Every business row. */
  @Transactional
  public long effectRows() {
    return count("select count(*) from bench_effect");
  }

  /** Business rows written for messages whose id matches the SQL {@code LIKE} pattern. */
  @Transactional
  public long effects(String messageIdPattern) {
    return count("select count(*) from bench_effect where message_id like ?1", messageIdPattern);
  }

  /**
   * Writes inbox rows of a consumer straight into the table, in one transaction of its own, with
   * ids of the prefix followed by a hash: one insert of the rows the database generates.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public void fillSequential(
      String consumer, String idPrefix, int count, LocalDateTime processedAt) {
    fill(sql().sequentialId(), consumer, count, processedAt)
        .setParameter(4, idPrefix)
        .executeUpdate();
  }

  /** Writes inbox rows as {@link #fillSequential} does, with random UUIDs (version 4) for ids. */
  @Transactional(TxType.REQUIRES_NEW)
  public void fillRandom(String consumer, int count, LocalDateTime processedAt) {
    fill(sql().randomId(), consumer, count, processedAt).executeUpdate();
  }

  /**
   * Writes inbox rows as {@link #fillSequential} does, with time-ordered UUIDs (version 7) for ids,
   * their times spread evenly from {@code from} over the span, in the rows' order: each is a random
   * UUID whose first 48 bits are the time in milliseconds and whose version digit, the 13th, is 7.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public void fillTimeOrdered(
      String consumer, int count, LocalDateTime processedAt, Instant from, Duration span) {
    fill(sql().timeOrderedId(), consumer, count, processedAt)
        .setParameter(4, from.toEpochMilli())
        .setParameter(5, span.toMillis())
        .executeUpdate();
  }

  private Query fill(String id, String consumer, int count, LocalDateTime processedAt) {
    return em.createNativeQuery(FILL.formatted(id, sql().numbers(count)))
        .setParameter(1, consumer)
        .setParameter(2, processedAt)
        .setParameter(3, count);
  }

  /**
   * Deletes a consumer's rows processed at the time given, which only a fill's rows share, then
   * rewrites the table and its indexes without them and refreshes the planner's statistics ({@code
   * VACUUM FULL}), so that what runs next meets neither dead rows nor index pages they left nearly
   * empty: random ids leave a few live entries on almost every page of the index ({@code OPTIMIZE
   * TABLE} on MariaDB). On a connection of its own in auto-commit, outside any transaction: VACUUM
   * cannot run inside one, and a delete of millions of rows would outlast the transaction timeout.
   *
   * @param inbox the inbox's data source
   * @return the rows deleted
   */
  @Transactional(TxType.NOT_SUPPORTED)
  public long removeFill(DataSource inbox, String consumer, LocalDateTime processedAt) {
    try (Connection connection = autoCommit(inbox);
        PreparedStatement delete =
            connection.prepareStatement(
                "delete from inbox_entry where consumer_name = ? and processed_at = ?")) {
      delete.setString(1, consumer);
      delete.setObject(2, processedAt);
      int deleted = delete.executeUpdate();
      maintain(connection, sql(connection).compact());
      return deleted;
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot remove the filled rows of " + consumer, e);
    }
  }

  /**
   * Refreshes the planner's statistics after a bulk fill, as autovacuum would soon do: on a
   * connection of its own in auto-commit, since MariaDB refuses {@code ANALYZE TABLE} inside an XA
   * transaction.
   *
   * @param inbox the inbox's data source
   */
  @Transactional(TxType.NOT_SUPPORTED)
  public void analyze(DataSource inbox) {
    try (Connection connection = autoCommit(inbox)) {
      maintain(connection, sql(connection).analyze());
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot analyze the inbox table", e);
    }
  }

  /**
   * A connection outside any transaction, in auto-commit: a pool hands them out so, made sure of
   * since a pool may be configured otherwise.
   */
  private static Connection autoCommit(DataSource inbox) throws SQLException {
    Connection connection = inbox.getConnection();
    try {
      connection.setAutoCommit(true);
      return connection;
    } catch (SQLException e) {
      connection.close();
      throw e;
    }
  }

  /**
   * Runs a table's maintenance statement. MariaDB answers {@code OPTIMIZE} and {@code ANALYZE} with
   * rows, and reports a failure in them, not as an error: a row of type {@code Error} fails.
   */
  private static void maintain(Connection connection, String statement) throws SQLException {
    try (Statement jdbc = connection.createStatement()) {
      if (jdbc.execute(statement)) {
        try (ResultSet rows = jdbc.getResultSet()) {
          while (rows.next()) {
            if ("error".equalsIgnoreCase(rows.getString("Msg_type"))) {
              throw new IllegalStateException(statement + " failed: " + rows.getString("Msg_text"));
            }
          }
        }
      }
    }
  }

  /**
   * Makes the database write a checkpoint now, and returns once it is written.
   *
   * @return whether it did: MariaDB has no statement for it
   */
  @Transactional
  public boolean checkpoint() {
    Optional<String> checkpoint = sql().checkpoint();
    checkpoint.ifPresent(statement -> em.createNativeQuery(statement).executeUpdate());
    return checkpoint.isPresent();
  }

  /**
   * The checkpoints PostgreSQL has begun since its statistics were last reset, or empty where
   * {@code pg_stat_bgwriter} does not count them (PostgreSQL 17 moved them to another view; other
   * databases have none). PostgreSQL counts a checkpoint when it begins, and begins one only once
   * the one before has ended.
   */
  @Transactional
  public OptionalLong checkpointsBegun() {
    long counted =
        count(
            "select count(*) from information_schema.columns where table_name = 'pg_stat_bgwriter'"
                + " and column_name in ('checkpoints_timed', 'checkpoints_req')");
    return counted < 2
        ? OptionalLong.empty()
        : OptionalLong.of(
            count("select checkpoints_timed + checkpoints_req from pg_stat_bgwriter"));
  }

  /** The most time PostgreSQL lets pass from one checkpoint's start to the next's. */
  @Transactional
  public Duration checkpointTimeout() {
    return Duration.ofSeconds(
        count("select setting::bigint from pg_settings where name = 'checkpoint_timeout'"));
  }

  /**
   * The database's two-row commit, the ceiling the inbox is measured against: an inbox-like row and
   * the business row, in one JTA transaction on the same data source.
   */
  @Transactional
  public void twoRowCommit(String messageId, LocalDateTime now) {
    em.createNativeQuery(
            "insert into inbox_entry (consumer_name, message_id, message_type, payload_hash,"
                + " received_at, processed_at, delivery_count) values (?1, ?2, ?3, ?4, ?5, ?5, 1)")
        .setParameter(1, CEILING_CONSUMER)
        .setParameter(2, messageId)
        .setParameter(3, BenchHandler.TYPE)
        .setParameter(4, "0".repeat(64))
        .setParameter(5, now)
        .executeUpdate();
    em.persist(new BenchEffect(messageId));
    em.flush();
  }

  /** The database's SQL, from the product name on the transaction's connection. */
  private BenchSql sql() {
    return sql == null ? sql(em.unwrap(Connection.class)) : sql;
  }

  private BenchSql sql(Connection connection) {
    if (sql == null) {
      try {
        sql = BenchSql.of(connection.getMetaData().getDatabaseProductName());
      } catch (SQLException e) {
        throw new IllegalStateException("Cannot read the database's metadata", e);
      }
    }
    return sql;
  }

  private long count(String sql, Object... parameters) {
    var query = em.createNativeQuery(sql);
    for (int i = 0; i < parameters.length; i++) {
      query.setParameter(i + 1, parameters[i]);
    }
    return ((Number) query.getSingleResult()).longValue();
  }
}
