package dev.inbox.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.TreeMap;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The migrations on each database: an empty one reaches the current version; one made by the 0.1.0
 * script, with rows in it, reaches the same schema and keeps its rows, and so does one at the
 * previous version; the readable script in server-config/sql makes the same schema as the
 * migrations; a second migration changes nothing.
 */
class SchemaIT {

  private static final Path READABLE = Path.of(System.getProperty("schema.readable-dir"));

  @ParameterizedTest
  @EnumSource(Database.class)
  void anEmptyDatabaseMigratesToTheCurrentVersion(Database kind) throws SQLException {
    try (TestDatabase database = new TestDatabase(kind)) {
      MigrateResult result = InboxSchema.migrate(database.dataSource());

      assertEquals(ListedMigrations.listed().size(), result.migrationsExecuted, "migrations run");
      assertEquals(OptionalInt.of(InboxSchema.VERSION), version(database));
      assertTrue(SchemaShape.of(database.connect()).containsKey("inbox_entry"));
    }
  }

  @ParameterizedTest
  @EnumSource(Database.class)
  void theReadableScriptMakesTheSchemaTheMigrationsMake(Database kind) throws SQLException {
    try (TestDatabase migrated = new TestDatabase(kind);
        TestDatabase scripted = new TestDatabase(kind)) {
      InboxSchema.migrate(migrated.dataSource());
      scripted.run(READABLE.resolve(directory(kind)).resolve("inbox.sql"));

      assertEquals(shape(migrated), shape(scripted));
      assertEquals(version(migrated), version(scripted));
    }
  }

  @ParameterizedTest
  @EnumSource(Database.class)
  void aDatabaseMadeByTheFirstVersionsScriptMigratesAndKeepsItsRows(Database kind)
      throws Exception {
    try (TestDatabase old = new TestDatabase(kind);
        TestDatabase fresh = new TestDatabase(kind)) {
      old.run(Path.of(getClass().getResource("/schema-0.1.0/" + directory(kind) + ".sql").toURI()));
      fillWithRows(old);
      List<String> before = rows(old);

      MigrateResult result = InboxSchema.migrate(old.dataSource());
      InboxSchema.migrate(fresh.dataSource());

      assertEquals(ListedMigrations.listed().size(), result.migrationsExecuted, "migrations run");
      assertEquals(shape(fresh), shape(old));
      assertEquals(before, rows(old));
      assertEquals(OptionalInt.of(InboxSchema.VERSION), version(old));
    }
  }

  @ParameterizedTest
  @EnumSource(Database.class)
  void aDatabaseAtThePreviousVersionMigratesAndKeepsItsRows(Database kind) throws SQLException {
    try (TestDatabase old = new TestDatabase(kind);
        TestDatabase fresh = new TestDatabase(kind)) {
      InboxSchema.migrate(old.dataSource(), MigrationVersion.fromVersion(previous()));
      assertEquals(OptionalInt.of(InboxSchema.VERSION - 1), version(old));
      fillWithRows(old);
      List<String> before = rows(old);

      MigrateResult result = InboxSchema.migrate(old.dataSource());
      InboxSchema.migrate(fresh.dataSource());

      assertEquals(1, result.migrationsExecuted, "migrations run");
      assertEquals(shape(fresh), shape(old));
      assertEquals(before, rows(old));
      assertEquals(OptionalInt.of(InboxSchema.VERSION), version(old));
    }
  }

  private static String previous() {
    return Integer.toString(InboxSchema.VERSION - 1);
  }

  /** A row in each table the first version had. */
  private static void fillWithRows(TestDatabase database) throws SQLException {
    database.execute(
        "insert into inbox_entry (consumer_name, message_id, message_type, payload_hash,"
            + " received_at, processed_at, delivery_count) values ('billing', 'evt-1',"
            + " 'order.created', 'abc', timestamp '2026-01-01 10:00:00', timestamp '2026-01-01"
            + " 10:00:01', 1)",
        "insert into inbox_failure (consumer_name, message_id, attempts, first_seen, last_seen,"
            + " failure_kind) values ('billing', 'evt-2', 2, timestamp '2026-01-01 10:00:00',"
            + " timestamp '2026-01-01 10:00:05', 'TRANSIENT')",
        "insert into inbox_watermark (consumer_name, purged_through, updated_at) values"
            + " ('billing', timestamp '2025-12-01 00:00:00', timestamp '2026-01-01 00:00:00')");
  }

  @ParameterizedTest
  @EnumSource(Database.class)
  void aSecondMigrationChangesNothing(Database kind) throws SQLException {
    try (TestDatabase database = new TestDatabase(kind)) {
      InboxSchema.migrate(database.dataSource());
      TreeMap<String, List<String>> first = shape(database);

      MigrateResult again = InboxSchema.migrate(database.dataSource());

      assertEquals(0, again.migrationsExecuted);
      assertEquals(first, shape(database));
    }
  }

  private static String directory(Database kind) {
    return kind.directory().substring(kind.directory().lastIndexOf('/') + 1);
  }

  private static TreeMap<String, List<String>> shape(TestDatabase database) throws SQLException {
    try (Connection connection = database.connect()) {
      return SchemaShape.of(connection);
    }
  }

  private static OptionalInt version(TestDatabase database) throws SQLException {
    try (Connection connection = database.connect()) {
      return InboxSchema.versionOf(connection);
    }
  }

  /** Every row of the inbox's tables, as text, in a stable order. */
  private static List<String> rows(TestDatabase database) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Connection connection = database.connect();
        Statement statement = connection.createStatement()) {
      for (String query :
          List.of(
              "select consumer_name, message_id, message_type, payload_hash, processed_at,"
                  + " delivery_count from inbox_entry order by consumer_name, message_id",
              "select consumer_name, message_id, attempts, failure_kind from inbox_failure"
                  + " order by consumer_name, message_id",
              "select consumer_name, purged_through from inbox_watermark order by consumer_name")) {
        try (ResultSet result = statement.executeQuery(query)) {
          int columns = result.getMetaData().getColumnCount();
          while (result.next()) {
            List<String> values = new ArrayList<>();
            for (int column = 1; column <= columns; column++) {
              values.add(String.valueOf(result.getObject(column)));
            }
            rows.add(String.join("|", values));
          }
        }
      }
    }
    return rows;
  }
}
