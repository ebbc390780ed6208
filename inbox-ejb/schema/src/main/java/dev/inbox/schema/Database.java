package dev.inbox.schema;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import javax.sql.DataSource;

/** The databases the inbox has migrations for, each with its directory of them. */
enum Database {
  H2("h2"),
  POSTGRESQL("postgresql"),
  MARIADB("mariadb");

  private final String directory;

  Database(String directory) {
    this.directory = directory;
  }

  /** Where this database's migrations are, as a class path resource directory. */
  String directory() {
    return "dev/inbox/schema/" + directory;
  }

  static Database of(DataSource dataSource) {
    try (Connection connection = dataSource.getConnection()) {
      return of(connection);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot reach the inbox's database to migrate it", e);
    }
  }

  static Database of(Connection connection) throws SQLException {
    String product = connection.getMetaData().getDatabaseProductName();
    return switch (product) {
      case "H2" -> H2;
      case "PostgreSQL" -> POSTGRESQL;
      case "MariaDB", "MySQL" -> MARIADB;
      default ->
          throw new IllegalStateException(
              "The inbox has migrations for H2, PostgreSQL and MariaDB, not for " + product);
    };
  }

  /** Whether the connection's schema has the table, named as the migrations name it. */
  boolean hasTable(Connection connection, String table) throws SQLException {
    DatabaseMetaData metadata = connection.getMetaData();
    String stored = metadata.storesUpperCaseIdentifiers() ? table.toUpperCase(Locale.ROOT) : table;
    try (ResultSet tables =
        metadata.getTables(
            connection.getCatalog(), connection.getSchema(), stored, new String[] {"TABLE"})) {
      return tables.next();
    }
  }
}
