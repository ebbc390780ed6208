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

/** The harness's SQL on the inbox's data source: fills, counts, and the database's own ceiling. */
@ApplicationScoped
public class BenchTables {

  /** The consumer name of the ceiling's inbox-like rows: no handler has it, no sweep touches it. */
  static final String CEILING_CONSUMER = "bench-ceiling";

  @PersistenceContext(unitName = "inbox-bench")
  private EntityManager em;

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
