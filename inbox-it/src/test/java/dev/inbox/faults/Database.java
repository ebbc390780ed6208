package dev.inbox.faults;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The cell's PostgreSQL database, read from outside the servers: inbox rows and business effects of
 * a test run, prepared transactions left in doubt, and an outage made on purpose.
 */
final class Database {

  private final String url = FaultCell.required("faults.db-url");
  private final String adminUrl = FaultCell.required("faults.db-admin-url");
  private final String user = FaultCell.required("faults.db-user");
  private final String name = FaultCell.required("faults.db-name");

  /** How many effects each message of a run has: the oracle wants exactly one each. */
  Map<String, Integer> effects(String consumer, String run) {
    Map<String, Integer> effects = new HashMap<>();
    query(
        "select message_id, count(*) from it_effect where consumer_name = ? and message_id like ?"
            + " group by message_id",
        rows -> {
          while (rows.next()) {
            effects.put(rows.getString(1), rows.getInt(2));
          }
          return null;
        },
        consumer,
        run + "%");
    return effects;
  }

  /** The inbox rows of a run. */
  int rows(String consumer, String run) {
    return count(
        "select count(*) from inbox_entry where consumer_name = ? and message_id like ?",
        consumer,
        run + "%");
  }

  /**
   * The delivery that applied a message, as its inbox row recorded it ({@code JMSXDeliveryCount}):
   * 1 for the first delivery. Empty while the message has no committed row.
   */
  Optional<Integer> appliedOnDelivery(String consumer, String messageId) {
    return query(
        "select delivery_count from inbox_entry where consumer_name = ? and message_id = ?",
        rows -> rows.next() ? Optional.of(rows.getInt(1)) : Optional.<Integer>empty(),
        consumer,
        messageId);
  }

  /** Effects of a run with no inbox row, and inbox rows with no effect: orphans either way. */
  int orphans(String consumer, String run) {
    return count(
            "select count(*) from it_effect e where e.consumer_name = ? and e.message_id like ?"
                + " and not exists (select 1 from inbox_entry i"
                + " where i.consumer_name = e.consumer_name and i.message_id = e.message_id)",
            consumer,
            run + "%")
        + count(
            "select count(*) from inbox_entry i where i.consumer_name = ? and i.message_id like ?"
                + " and not exists (select 1 from it_effect e"
                + " where e.consumer_name = i.consumer_name and e.message_id = i.message_id)",
            consumer,
            run + "%");
  }

  /** The database's prepared transactions, waiting for the transaction manager's decision. */
  int preparedTransactions() {
    return count("select count(*) from pg_prepared_xacts where database = ?", name);
  }

  /**
   * Makes the database unreachable for the servers: new connections are refused and open ones are
   * cut, as when the database host goes away. Prepared transactions survive, as they would.
   */
  void cutOff() {
    admin(
        "alter database " + name + " allow_connections false",
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = '" + name + "'");
  }

  /** Lets the servers connect again. */
  void restore() {
    admin("alter database " + name + " allow_connections true");
  }

  private int count(String sql, String... parameters) {
    return query(
        sql,
        rows -> {
          rows.next();
          return rows.getInt(1);
        },
        parameters);
  }

  private interface Reader<T> {
    T read(ResultSet rows) throws SQLException;
  }

  private <T> T query(String sql, Reader<T> reader, String... parameters) {
    try (Connection connection = DriverManager.getConnection(url, user, "");
        PreparedStatement statement = connection.prepareStatement(sql)) {
      for (int i = 0; i < parameters.length; i++) {
        statement.setString(i + 1, parameters[i]);
      }
      try (ResultSet rows = statement.executeQuery()) {
        return reader.read(rows);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read " + url + ": " + sql, e);
    }
  }

  private void admin(String... statements) {
    try (Connection connection = DriverManager.getConnection(adminUrl, user, "")) {
      for (String sql : statements) {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
          statement.execute();
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot run " + String.join("; ", statements), e);
    }
  }
}
