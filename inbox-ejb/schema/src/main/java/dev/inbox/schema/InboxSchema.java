package dev.inbox.schema;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.OptionalInt;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * The version of the inbox's tables this build reads and writes, how to bring a database there, and
 * how to read where a database is.
 */
public final class InboxSchema {

  /** The schema version this build needs: the newest of its migrations. */
  public static final int VERSION = 9;

  /**
   * Flyway's history of the inbox's migrations: a table of its own, so that a team that keeps its
   * own tables in the same schema, under Flyway or not, is never mixed up with the inbox.
   */
  public static final String HISTORY_TABLE = "inbox_schema_history";

  /** One row per version the migrations brought the tables to, however they were applied. */
  public static final String VERSION_TABLE = "inbox_schema_version";

  private InboxSchema() {}

  /**
   * Brings the inbox's tables to {@link #VERSION} with Flyway: creates them in an empty database,
   * adds what later versions add, and leaves a database already there as it is. A database that
   * holds other tables, or the inbox's tables made by the 0.1.0 script, is taken as it is: every
   * migration creates only what is missing.
   */
  public static MigrateResult migrate(DataSource dataSource) {
    return migrate(dataSource, MigrationVersion.LATEST);
  }

  /** Brings the inbox's tables to a given version: for the tests of an upgrade. */
  static MigrateResult migrate(DataSource dataSource, MigrationVersion target) {
    Database database = Database.of(dataSource);
    return Flyway.configure(InboxSchema.class.getClassLoader())
        .dataSource(dataSource)
        .table(HISTORY_TABLE)
        .baselineOnMigrate(true)
        .baselineVersion("0")
        .baselineDescription("before the inbox migrations")
        .resourceProvider(new ListedMigrations(database))
        .javaMigrationClassProvider(List::of)
        .target(target)
        .load()
        .migrate();
  }

  /**
   * The version a database's inbox tables are at, from {@value #VERSION_TABLE}; empty when the
   * table is not there (no migration has run).
   */
  public static OptionalInt versionOf(Connection connection) throws SQLException {
    if (!Database.of(connection).hasTable(connection, VERSION_TABLE)) {
      return OptionalInt.empty();
    }
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("select max(version) from " + VERSION_TABLE)) {
      rows.next();
      int version = rows.getInt(1);
      return rows.wasNull() ? OptionalInt.empty() : OptionalInt.of(version);
    }
  }
}
