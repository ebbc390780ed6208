package dev.inbox.faults;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cell's database (PostgreSQL or MariaDB), read from outside the servers: inbox rows and
 * business effects of a test run, prepared transactions left in doubt, and an outage made on
 * purpose.
 */
final class Database {

  private final String url = FaultCell.required("faults.db-url");
  private final String adminUrl = FaultCell.required("faults.db-admin-url");
  private final String user = FaultCell.required("faults.db-user");
  private final String name = FaultCell.required("faults.db-name");
  private final String kind = FaultCell.required("faults.db-kind");
  private final boolean mariadb = kind.equals("mariadb");

  /** The servers' user, whose connections an outage cuts (MariaDB). */
  private final String appUser = FaultCell.required("faults.db-app-user");

  /**
   * The effects of each message of a run, as the payload hash each effect recorded: the oracle
   * wants exactly one each, of the payload that was sent.
   */
  Map<String, List<String>> effects(String consumer, String run) {
    Map<String, List<String>> effects = new HashMap<>();
    query(
        "select message_id, payload_hash from it_effect where consumer_name = ? and message_id"
            + " like ?",
        rows -> {
          while (rows.next()) {
            effects
                .computeIfAbsent(rows.getString(1), id -> new ArrayList<>())
                .add(rows.getString(2));
          }
          return null;
        },
        consumer,
        run + "%");
    return effects;
  }

  /**
   * Effects of a run whose handler did not see, in its own transaction, the inbox row written for
   * its delivery: the handler's writes were not in the delivery's transaction.
   */
  int effectsBlindToTheirRow(String consumer, String run) {
    return count(
        "select count(*) from it_effect where consumer_name = ? and message_id like ? and not"
            + " saw_row",
        consumer,
        run + "%");
  }

  /**
   * What the database holds of one message, for a failure's message: its inbox row's delivery and
   * times, and each effect's delivery, time and whether it saw that row.
   */
  String history(String consumer, String messageId) {
    String row =
        query(
            "select delivery_count, received_at, processed_at from inbox_entry where"
                + " consumer_name = ? and message_id = ?",
            rows ->
                rows.next()
                    ? "row of delivery %d, received %s, processed %s"
                        .formatted(rows.getInt(1), rows.getTimestamp(2), rows.getTimestamp(3))
                    : "no row",
            consumer,
            messageId);
    List<String> effects =
        query(
            "select delivery_count, applied_at, saw_row from it_effect where consumer_name = ?"
                + " and message_id = ? order by applied_at",
            rows -> {
              List<String> each = new ArrayList<>();
              while (rows.next()) {
                each.add(
                    "delivery %d at %s%s"
                        .formatted(
                            rows.getInt(1),
                            rows.getTimestamp(2),
                            rows.getBoolean(3) ? "" : " (without seeing the row)"));
              }
              return each;
            },
            consumer,
            messageId);
    return "%s: %s; effects (UTC): %s".formatted(messageId, row, String.join(", ", effects));
  }

  /** The failure ledger's attempts of each message of a run that failed. */
  List<Integer> failedAttempts(String consumer, String run) {
    return query(
        "select attempts from inbox_failure where consumer_name = ? and message_id like ?",
        rows -> {
          List<Integer> attempts = new ArrayList<>();
          while (rows.next()) {
            attempts.add(rows.getInt(1));
          }
          return attempts;
        },
        consumer,
        run + "%");
  }

  /** The inbox rows of a run. */
  /**
   * Stored messages of a run that a store-then-process consumer has not finished: pending, or
   * parked.
   */
  int unfinishedStored(String run) {
    return count(
        "select count(*) from inbox_pending where message_id like ?"
            + " and state in ('PENDING', 'PARKED')",
        run + "%");
  }

  /** The identities of a run whose effects a consumer applied, in the order it applied them. */
  List<String> appliedInOrder(String consumer, String run) {
    return query(
        "select message_id from it_effect where consumer_name = ? and message_id like ?"
            + " order by applied_at",
        rows -> {
          List<String> ids = new ArrayList<>();
          while (rows.next()) {
            ids.add(rows.getString(1));
          }
          return ids;
        },
        consumer,
        run + "%");
  }

  /**
   * PostgreSQL's main process on this machine (the postmaster), found as the parent of a
   * connection's own server process while the connection is open.
   */
  ProcessHandle serverProcess() {
    return query(
        "select pg_backend_pid()",
        rows -> {
          rows.next();
          long backend = rows.getLong(1);
          return ProcessHandle.of(backend)
              .flatMap(ProcessHandle::parent)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "The database's server process (backend "
                              + backend
                              + ") is not on this machine"));
        });
  }

  /** The port of the server the cell's URL reaches: with a PostgreSQL pair, the primary's. */
  int serverPort() {
    return count("select inet_server_port()");
  }

  /** PostgreSQL's prepared transactions of the database that were prepared before that moment. */
  int preparedBefore(Instant moment) {
    return count(
        "select count(*) from pg_prepared_xacts where database = ? and prepared < ?::timestamptz",
        name,
        moment.toString());
  }

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
    if (kind.equals("h2")) {
      return count("select count(*) from information_schema.in_doubt");
    }
    if (mariadb) {
      return query(
          "xa recover",
          rows -> {
            int prepared = 0;
            while (rows.next()) {
              prepared++;
            }
            return prepared;
          });
    }
    return count("select count(*) from pg_prepared_xacts where database = ?", name);
  }

  /**
   * Makes the database unreachable for the servers: new connections are refused and open ones are
   * cut, as when the database host goes away. Prepared transactions survive, as they would.
   */
  void cutOff() {
    if (kind.equals("h2")) {
      throw new UnsupportedOperationException("An embedded H2 cannot be cut off from its server");
    }
    if (mariadb) {
      admin("alter user '" + appUser + "'@'%' account lock");
      List<Long> connections =
          query(
              "select id from information_schema.processlist where user = ?",
              rows -> {
                List<Long> ids = new ArrayList<>();
                while (rows.next()) {
                  ids.add(rows.getLong(1));
                }
                return ids;
              },
              appUser);
      for (long connection : connections) {
        // One may end by itself in between: a kill that finds nothing is not a failure.
        adminIgnoringFailure("kill connection " + connection);
      }
      System.out.printf(
          "[database] %s locked out at %s, %d of its connections killed%n",
          appUser, Instant.now(), connections.size());
      return;
    }
    admin(
        "alter database " + name + " allow_connections false",
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = '" + name + "'");
  }

  /** Lets the servers connect again. */
  void restore() {
    if (mariadb) {
      admin("alter user '" + appUser + "'@'%' account unlock");
      return;
    }
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

  private void adminIgnoringFailure(String statement) {
    try {
      admin(statement);
    } catch (IllegalStateException e) {
      System.out.println("[database] " + statement + " did nothing: " + e.getCause());
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
