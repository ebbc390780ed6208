package dev.inbox.readiness;

import dev.inbox.health.ReadinessParts;
import dev.inbox.quarantine.Quarantine;
import dev.inbox.retention.Sweeper;
import dev.inbox.schema.InboxSchema;
import dev.inbox.store.SchemaAtStart;
import dev.inbox.store.Watermarks;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Asynchronous;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.QueueBrowser;
import java.sql.Connection;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;

/**
 * The parts of this node's readiness, registered at start with the health checks in the EAR's
 * {@code lib/} ({@link ReadinessParts}). Each part runs on the container's asynchronous threads, in
 * the module's naming context and outside any transaction, and gets {@link #TIME_LIMIT} to answer:
 * a database whose pool is exhausted or a broker that is reconnecting must not hold the health
 * endpoint's threads.
 *
 * <p>A failed part's data names the exception's class only: the endpoints answer without a login,
 * and the message of a driver or broker exception carries hosts, ports and users. The whole
 * exception is logged at level FINE.
 */
@Singleton
@Startup
@DependsOn({"SchemaAtStart", "Sweeper"})
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Readiness {

  private static final Logger LOG = Logger.getLogger(Readiness.class.getName());

  static final String DATABASE = "database";
  static final String BROKER = "broker";
  static final String RETENTION = "retention";

  /** How long a part may take before it counts as down. */
  static final Duration TIME_LIMIT = Duration.ofSeconds(5);

  /**
   * Selects no message: the browser's creation is the round trip to the broker, and the broker
   * sends it nothing back, however full the quarantine is.
   */
  private static final String NO_MESSAGE = "inbox_readiness_probe = 'none'";

  @Resource private SessionContext session;

  @Inject private ReadinessParts parts;

  @Inject private ConnectionFactory connections;

  @Inject private Quarantine quarantine;

  @Inject private Watermarks watermarks;

  @Inject private Sweeper sweeper;

  @PostConstruct
  void register() {
    Readiness self = session.getBusinessObject(Readiness.class);
    parts.add(DATABASE, withinTimeLimit(DATABASE, self::database));
    parts.add(BROKER, withinTimeLimit(BROKER, self::broker));
    parts.add(RETENTION, withinTimeLimit(RETENTION, self::retention));
  }

  /**
   * Up when the inbox's data source gives a connection and its tables are at least at the schema
   * version this inbox needs: tables taken back to an older version stop the node from taking
   * messages it would fail on.
   */
  @Asynchronous
  public Future<HealthCheckResponse> database() {
    HealthCheckResponseBuilder response =
        HealthCheckResponse.named(DATABASE).withData("schema-version-needed", InboxSchema.VERSION);
    try (Connection connection = SchemaAtStart.dataSource().getConnection()) {
      OptionalInt version = InboxSchema.versionOf(connection);
      version.ifPresent(found -> response.withData("schema-version", found));
      return answer(response.status(version.orElse(0) >= InboxSchema.VERSION).build());
    } catch (Exception e) {
      return answer(failed(response, DATABASE, e));
    }
  }

  /**
   * Up when the broker answers: a browser opened on the quarantine queue, a round trip to the
   * broker whether it runs in the server or elsewhere.
   */
  @Asynchronous
  public Future<HealthCheckResponse> broker() {
    HealthCheckResponseBuilder response = HealthCheckResponse.named(BROKER);
    try (JMSContext jms = connections.createContext();
        QueueBrowser browser = jms.createBrowser(quarantine.queue(), NO_MESSAGE)) {
      browser.getEnumeration();
      return answer(response.up().build());
    } catch (Exception e) {
      return answer(failed(response, BROKER, e));
    }
  }

  /**
   * Up when this node's retention watermarks are loaded: without them a late redelivery of a purged
   * message would be applied. How the sweeps go is in the data, and does not make the node not
   * ready: a sweeper that falls behind stops no message from being applied, and the nodes would all
   * turn not ready together; the alert {@code InboxRowsBeyondRetention} is for it.
   */
  @Asynchronous
  public Future<HealthCheckResponse> retention() {
    Sweeper.Progress sweeps = sweeper.progress();
    HealthCheckResponseBuilder response =
        HealthCheckResponse.named(RETENTION)
            .withData("watermarks-loaded", watermarks.loaded())
            .withData("sweeps-keep-up", sweeps.keepsUp());
    sweeps.lastSweep().ifPresent(last -> response.withData("last-sweep", last.toString()));
    return answer(response.status(watermarks.loaded()).build());
  }

  private static Future<HealthCheckResponse> answer(HealthCheckResponse response) {
    return CompletableFuture.completedFuture(response);
  }

  private static HealthCheckResponse failed(
      HealthCheckResponseBuilder response, String part, Exception e) {
    LOG.log(Level.FINE, e, () -> "Readiness: the " + part + " is down");
    return response.down().withData("error", e.getClass().getName()).build();
  }

  private static HealthCheckResponse down(String part, String error) {
    return HealthCheckResponse.named(part).down().withData("error", error).build();
  }

  /** The part, down when it has not answered within {@link #TIME_LIMIT}. */
  private static HealthCheck withinTimeLimit(
      String name, Supplier<Future<HealthCheckResponse>> part) {
    return () -> {
      Future<HealthCheckResponse> answer = part.get();
      try {
        return answer.get(TIME_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        answer.cancel(true);
        return down(name, "no answer within " + TIME_LIMIT.toSeconds() + " s");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return down(name, "interrupted");
      } catch (ExecutionException e) {
        return down(name, e.getCause().getClass().getName());
      }
    };
  }
}
