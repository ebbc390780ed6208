package dev.inbox.health;

import dev.inbox.schema.InboxSchema;
import dev.inbox.store.SchemaAtStart;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.util.OptionalInt;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/** Ready when the inbox's database answers and its tables are at the version the inbox needs. */
@Readiness
@ApplicationScoped
public class DatabaseReadiness implements HealthCheck {

  static final String NAME = "inbox-database";

  @Override
  public HealthCheckResponse call() {
    HealthCheckResponseBuilder response =
        HealthCheckResponse.named(NAME).withData("schema-version-needed", InboxSchema.VERSION);
    try (Connection connection = SchemaAtStart.dataSource().getConnection()) {
      OptionalInt version = InboxSchema.versionOf(connection);
      version.ifPresent(found -> response.withData("schema-version", found));
      return response.status(version.orElse(0) >= InboxSchema.VERSION).build();
    } catch (Exception e) {
      return response.down().withData("error", String.valueOf(e)).build();
    }
  }
}
