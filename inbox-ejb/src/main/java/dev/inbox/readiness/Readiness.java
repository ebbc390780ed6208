package dev.inbox.readiness;

import dev.inbox.health.ReadinessParts;
import dev.inbox.quarantine.Quarantine;
import dev.inbox.retention.Sweeper;
import dev.inbox.schema.InboxSchema;
import dev.inbox.store.SchemaAtStart;
import dev.inbox.store.Watermarks;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.QueueBrowser;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.OptionalInt;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;

/**
 * The parts of this node's readiness, registered at start with the health checks in the EAR's
 * {@code lib/} ({@link ReadinessParts}). Each part is asked through this bean's container proxy, so
 * in the module's own naming context and outside any transaction, whichever thread the health
 * endpoint asks on.
 */
@Singleton
@Startup
@DependsOn({"SchemaAtStart", "Sweeper"})
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Readiness {

  @Resource private SessionContext session;

  @Inject private ReadinessParts parts;

  @Inject private JMSContext jms;

  @Inject private Quarantine quarantine;

  @Inject private Watermarks watermarks;

  @Inject private Sweeper sweeper;

  @PostConstruct
  void register() {
    Readiness self = session.getBusinessObject(Readiness.class);
    parts.add("database", self::database);
    parts.add("broker", self::broker);
    parts.add("retention", self::retention);
  }

  /**
   * Up when the inbox's data source gives a connection and its tables are at least at the schema
   * version this inbox needs: tables taken back to an older version stop the node taking messages
   * it would fail on.
   */
  public HealthCheckResponse database() {
    HealthCheckResponseBuilder response =
        HealthCheckResponse.named("database")
            .withData("schema-version-needed", InboxSchema.VERSION);
    try (Connection connection = SchemaAtStart.dataSource().getConnection()) {
      OptionalInt version = InboxSchema.versionOf(connection);
      version.ifPresent(found -> response.withData("schema-version", found));
      return response.status(version.orElse(0) >= InboxSchema.VERSION).build();
    } catch (SQLException e) {
      return response.down().withData("error", String.valueOf(e)).build();
    }
  }

  /**
   * Up when the broker answers: a browser opened on the quarantine queue, a round trip to the
   * broker whether it runs in the server or elsewhere.
   */
  public HealthCheckResponse broker() {
    try (QueueBrowser browser = jms.createBrowser(quarantine.queue())) {
      browser.getEnumeration();
      return HealthCheckResponse.up("broker");
    } catch (JMSException | RuntimeException e) {
      return HealthCheckResponse.named("broker")
          .down()
          .withData("error", String.valueOf(e))
          .build();
    }
  }

  /**
   * Up when retention works on this node: its watermarks are loaded (without them a late redelivery
   * of a purged message would be applied), and its sweeps keep up ({@link Sweeper#keepsUp()}).
   */
  public HealthCheckResponse retention() {
    boolean loaded = watermarks.loaded();
    boolean keepsUp = sweeper.keepsUp();
    HealthCheckResponseBuilder response =
        HealthCheckResponse.named("retention")
            .withData("watermarks-loaded", loaded)
            .withData("sweeps-keep-up", keepsUp);
    sweeper.lastSweep().ifPresent(last -> response.withData("last-sweep", last.toString()));
    return response.status(loaded && keepsUp).build();
  }
}
