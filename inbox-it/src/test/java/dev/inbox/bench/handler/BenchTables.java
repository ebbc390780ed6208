package dev.inbox.bench.handler;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.OptionalLong;

/** The harness's SQL on the inbox's data source: fills, counts, and the database's own ceiling. */
@ApplicationScoped
public class BenchTables {

  /** The consumer name of the ceiling's inbox-like rows: no handler has it, no sweep touches it. */
  static final String CEILING_CONSUMER = "bench-ceiling";

  @PersistenceContext(unitName = "inbox-bench")
  private EntityManager em;

  /** Whether passes count their statements: {@link #countStatements()} decides it once. */
  private volatile boolean counting;

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
    return (String)
        em.createNativeQuery(
                "select string_agg(name || '=' || setting || coalesce(unit, ''), ', ' order by name)"
                    + " from pg_settings where name in ('synchronous_commit', 'fsync',"
                    + " 'shared_buffers', 'checkpoint_timeout', 'max_wal_size', 'max_connections')")
            .getSingleResult();
  }

  /**
   * Starts counting a pass's statements from zero, where the server loads {@code
   * pg_stat_statements}: its entries are reset (for the whole server: nobody else reads them here).
   * Returns the WAL position at the start.
   */
  @Transactional
  public long startCounting() {
    if (counting) {
      em.createNativeQuery("select pg_stat_statements_reset()").getSingleResult();
    }
    return walPosition();
  }

  /**
   * What the database did since {@link #startCounting()}: the WAL position, and the statements and
   * transactions of the benchmark's database (empty without {@code pg_stat_statements}, or when a
   * pass made more distinct statements than it keeps: under XA each transaction's {@code PREPARE
   * TRANSACTION} and {@code COMMIT PREPARED} is an entry of its own).
   */
  @Transactional
  public DatabaseCounters counters() {
    long wal = walPosition();
    if (!counting) {
      return new DatabaseCounters(wal, OptionalLong.empty(), OptionalLong.empty());
    }
    Object[] row =
        (Object[])
            em.createNativeQuery(
                    "select coalesce(sum(s.calls) filter (where s.query ~* '^\\s*begin'), 0),"
                        + " coalesce(sum(s.calls) filter (where s.query !~* '^\\s*(begin|commit|"
                        + "rollback|prepare transaction|start transaction|set |show )'), 0),"
                        + " count(*) >= current_setting('pg_stat_statements.max')::int * 0.95"
                        + " from pg_stat_statements s join pg_database d on d.oid = s.dbid"
                        + " where d.datname = current_database() and s.toplevel"
                        + " and s.query !~ 'pg_wal_lsn_diff|pg_extension|pg_stat_statements'")
                .getSingleResult();
    if ((Boolean) row[2]) {
      return new DatabaseCounters(wal, OptionalLong.empty(), OptionalLong.empty());
    }
    return new DatabaseCounters(
        wal,
        OptionalLong.of(((Number) row[0]).longValue()),
        OptionalLong.of(((Number) row[1]).longValue()));
  }

  private long walPosition() {
    return ((Number)
            em.createNativeQuery("select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint")
                .getSingleResult())
        .longValue();
  }

  /**
   * Makes {@code pg_stat_statements} readable in the benchmark's database where the server loads it
   * ({@code shared_preload_libraries}), so that passes can count their statements.
   *
   * @return whether statements are counted
   */
  @Transactional
  public boolean countStatements() {
    String preloaded =
        (String) em.createNativeQuery("show shared_preload_libraries").getSingleResult();
    if (!preloaded.contains("pg_stat_statements")) {
      return false;
    }
    em.createNativeQuery("create extension if not exists pg_stat_statements").executeUpdate();
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

  /** Business rows written for messages whose id starts with the prefix. */
  @Transactional
  public long effects(String messageIdPrefix) {
    return count(
        "select count(*) from bench_effect where message_id like ?1", messageIdPrefix + "%");
  }

  /**
   * Writes inbox rows of a consumer straight into the table, in one transaction of its own, with
   * ids that hash like random message ids. PostgreSQL only: a bulk insert from generate_series.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public void fill(String consumer, String idPrefix, int count, LocalDateTime processedAt) {
    em.createNativeQuery(
            "insert into inbox_entry (consumer_name, message_id, message_type, payload_hash,"
                + " received_at, processed_at, delivery_count)"
                + " select ?1, ?2 || md5(g::text), 'bench.fill', repeat('0', 64), ?3, ?3, 1"
                + " from generate_series(1, ?4) g")
        .setParameter(1, consumer)
        .setParameter(2, idPrefix)
        .setParameter(3, processedAt)
        .setParameter(4, count)
        .executeUpdate();
  }

  /** Refreshes the planner's statistics after a bulk fill, as autovacuum would soon do. */
  @Transactional
  public void analyze() {
    em.createNativeQuery("analyze inbox_entry").executeUpdate();
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

  private long count(String sql, Object... parameters) {
    var query = em.createNativeQuery(sql);
    for (int i = 0; i < parameters.length; i++) {
      query.setParameter(i + 1, parameters[i]);
    }
    return ((Number) query.getSingleResult()).longValue();
  }
}
