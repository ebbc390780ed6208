package dev.inbox.store;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads what the inbox's database says of its durability, in a transaction of its own. */
@ApplicationScoped
@Transactional(Transactional.TxType.REQUIRES_NEW)
class DurabilityReads {

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  /** The database's product name and its durability risks. */
  List<String> risks() {
    Connection connection = em.unwrap(Connection.class);
    try {
      String product = connection.getMetaData().getDatabaseProductName();
      return switch (product) {
        case "PostgreSQL" -> DurabilityRisks.ofPostgresql(postgresql(connection));
        case "MariaDB", "MySQL" -> DurabilityRisks.ofMariadb(mariadb(connection));
        case "H2" ->
            DurabilityRisks.ofH2(
                Integer.parseInt(
                    single(
                        connection,
                        "select setting_value from information_schema.settings"
                            + " where setting_name = 'WRITE_DELAY'")));
        default -> List.of();
      };
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the database's durability settings", e);
    }
  }

  private static Map<String, String> postgresql(Connection connection) throws SQLException {
    Map<String, String> settings = new HashMap<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "select name, setting from pg_settings where name in ('fsync',"
                    + " 'synchronous_commit', 'full_page_writes', 'synchronous_standby_names')")) {
      while (rows.next()) {
        settings.put(rows.getString(1), rows.getString(2));
      }
    }
    // Visible in full to a superuser or pg_read_all_stats; to others, sync_state reads as null.
    settings.put(
        "async_standbys",
        single(connection, "select count(*) from pg_stat_replication where sync_state = 'async'"));
    return settings;
  }

  private static Map<String, String> mariadb(Connection connection) throws SQLException {
    Map<String, String> settings = new HashMap<>();
    try (Statement statement = connection.createStatement();
        ResultSet row =
            statement.executeQuery(
                "select @@innodb_flush_log_at_trx_commit, @@log_bin, @@sync_binlog,"
                    + " @@innodb_doublewrite")) {
      row.next();
      settings.put("innodb_flush_log_at_trx_commit", row.getString(1));
      settings.put("log_bin", row.getString(2));
      settings.put("sync_binlog", row.getString(3));
      settings.put("innodb_doublewrite", row.getString(4));
    }
    return settings;
  }

  private static String single(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery(sql)) {
      row.next();
      return row.getString(1);
    }
  }
}
