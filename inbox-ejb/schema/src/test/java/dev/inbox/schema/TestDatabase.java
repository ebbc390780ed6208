package dev.inbox.schema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.UUID;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.mariadb.jdbc.MariaDbDataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * An empty database of one kind, made for one test and dropped after it: H2 in memory, and on the
 * local PostgreSQL and MariaDB servers (their admin URLs can be set with {@code
 * schema.postgresql.url} and {@code schema.mariadb.url}, users with {@code schema.*.user}).
 */
final class TestDatabase implements AutoCloseable {

  final Database kind;
  private final String name = "inbox_schema_" + UUID.randomUUID().toString().substring(0, 8);
  private final DataSource dataSource;

  TestDatabase(Database kind) throws SQLException {
    this.kind = kind;
    this.dataSource =
        switch (kind) {
          case H2 -> {
            JdbcDataSource h2 = new JdbcDataSource();
            h2.setURL("jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1");
            h2.setUser("sa");
            yield h2;
          }
          case POSTGRESQL -> {
            admin("create database " + name);
            PGSimpleDataSource postgresql = new PGSimpleDataSource();
            postgresql.setURL(serverUrl() + name);
            postgresql.setUser(user());
            yield postgresql;
          }
          case MARIADB -> {
            admin("create database " + name);
            MariaDbDataSource mariadb = new MariaDbDataSource(serverUrl() + name);
            mariadb.setUser(user());
            yield mariadb;
          }
        };
  }

  DataSource dataSource() {
    return dataSource;
  }

  Connection connect() throws SQLException {
    return dataSource.getConnection();
  }

  /** Runs a script of statements separated by semicolons at the ends of lines, as psql would. */
  void run(Path script) throws SQLException {
    String text;
    try {
      text = Files.readString(script);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String withoutComments = text.replaceAll("(?m)--.*$", "");
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      for (String sql : withoutComments.split(";\\s*(\\n|$)")) {
        if (!sql.isBlank()) {
          statement.execute(sql);
        }
      }
    }
  }

  void execute(String... statements) throws SQLException {
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      for (String sql : Arrays.asList(statements)) {
        statement.execute(sql);
      }
    }
  }

  @Override
  public void close() throws SQLException {
    switch (kind) {
      case H2 -> execute("shutdown");
      case POSTGRESQL -> admin("drop database if exists " + name + " with (force)");
      case MARIADB -> admin("drop database if exists " + name);
    }
  }

  private void admin(String sql) throws SQLException {
    String adminDatabase = kind == Database.POSTGRESQL ? "postgres" : "";
    try (Connection connection =
            DriverManager.getConnection(serverUrl() + adminDatabase, user(), "");
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  private String serverUrl() {
    String key = kind.name().toLowerCase(java.util.Locale.ROOT);
    String local =
        kind == Database.POSTGRESQL
            ? "jdbc:postgresql://127.0.0.1:5432/"
            : "jdbc:mariadb://127.0.0.1:3306/";
    return System.getProperty("schema." + key + ".url", local);
  }

  private String user() {
    String key = kind.name().toLowerCase(java.util.Locale.ROOT);
    return System.getProperty(
        "schema." + key + ".user", kind == Database.POSTGRESQL ? "postgres" : "root");
  }
}
