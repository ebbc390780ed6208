package dev.inbox.store;

import dev.inbox.schema.InboxSchema;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.OptionalInt;
import java.util.logging.Logger;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * The inbox's tables at the version this inbox needs ({@link InboxSchema#VERSION}), before anything
 * reads them: applies the migrations first when {@code inbox.schema.migrate} is true (the embedded
 * default sets it), then refuses to start, naming both versions, when the database is behind. A
 * database ahead of it is logged and used: migrations only add. The inbox's other start-up
 * singletons that use the database depend on this one, and the container starts every start-up
 * singleton before it delivers a message.
 */
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class SchemaAtStart {

  private static final Logger LOG = Logger.getLogger(SchemaAtStart.class.getName());

  /** The inbox's data source: WildFly binds it as the first, Payara as the second. */
  private static final List<String> DATA_SOURCE_NAMES = List.of("java:/jdbc/inbox", "jdbc/inbox");

  @Inject
  @ConfigProperty(name = "inbox.schema.migrate", defaultValue = "false")
  boolean migrate;

  @PostConstruct
  void atStart() {
    DataSource dataSource = dataSource();
    if (migrate) {
      MigrateResult result = InboxSchema.migrate(dataSource);
      LOG.info(
          () ->
              "Inbox schema: %d migrations applied (inbox.schema.migrate=true), now at version %s"
                  .formatted(result.migrationsExecuted, result.targetSchemaVersion));
    }
    check(version(dataSource));
  }

  static void check(OptionalInt version) {
    if (version.isEmpty()) {
      throw new IllegalStateException(
          "The inbox's database has no "
              + InboxSchema.VERSION_TABLE
              + " table, so its tables are at no version this inbox knows; it needs version "
              + InboxSchema.VERSION
              + ". Apply the migrations of inbox-schema (docs/schema.md), or set"
              + " inbox.schema.migrate=true to have the inbox apply them at start");
    }
    int found = version.getAsInt();
    if (found < InboxSchema.VERSION) {
      throw new IllegalStateException(
          ("The inbox's tables are at schema version %d; this inbox needs version %d. Apply the"
                  + " migrations after version %d (docs/schema.md), or set inbox.schema.migrate=true"
                  + " to have the inbox apply them at start")
              .formatted(found, InboxSchema.VERSION, found));
    }
    if (found > InboxSchema.VERSION) {
      LOG.warning(
          () ->
              ("Inbox schema: the tables are at version %d, newer than the version %d this inbox"
                      + " needs; it runs on them, since migrations only add")
                  .formatted(found, InboxSchema.VERSION));
    } else {
      LOG.info(() -> "Inbox schema: at version " + found + ", the version this inbox needs");
    }
  }

  private static OptionalInt version(DataSource dataSource) {
    try (Connection connection = dataSource.getConnection()) {
      return InboxSchema.versionOf(connection);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the inbox's schema version", e);
    }
  }

  /** The inbox's data source, under the name its server binds it. */
  public static DataSource dataSource() {
    for (String name : DATA_SOURCE_NAMES) {
      try {
        return InitialContext.doLookup(name);
      } catch (NamingException e) {
        // Not this server's name for it: try the next.
      }
    }
    throw new IllegalStateException(
        "The inbox's data source is bound under none of " + DATA_SOURCE_NAMES);
  }
}
