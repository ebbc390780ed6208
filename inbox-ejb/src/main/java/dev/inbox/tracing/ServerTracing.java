package dev.inbox.tracing;

import dev.inbox.dispatch.DeliveryTracing;
import dev.inbox.dispatch.Received;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The server's tracing: OpenTelemetry where the server offers MicroProfile Telemetry (WildFly with
 * its opentelemetry and microprofile-telemetry subsystems, Payara), else none. OpenTelemetry's
 * classes are loaded only when the server provides them.
 */
@ApplicationScoped
public class ServerTracing implements DeliveryTracing {

  private static final Logger LOG = Logger.getLogger(ServerTracing.class.getName());

  private final DeliveryTracing chosen;

  @Inject
  ServerTracing(BeanManager beans) {
    this.chosen = ofServer(beans);
  }

  /** For the CDI proxy. */
  protected ServerTracing() {
    this.chosen = null;
  }

  /** Observing start-up creates this bean, so that the choice, and the log line, come at start. */
  void chooseAtStartup(@Observes Startup startup) {
    LOG.fine(() -> "Inbox tracing: " + chosen.getClass().getSimpleName());
  }

  /** Starts a delivery's span; a tracing that fails leaves the delivery untraced, never failed. */
  @Override
  public Trace start(Received received) {
    try {
      return chosen.start(received);
    } catch (RuntimeException | LinkageError e) {
      LOG.log(Level.FINE, e, () -> "Not traced: " + received.delivery().messageId());
      return DeliveryTracing.UNTRACED;
    }
  }

  private static DeliveryTracing ofServer(BeanManager beans) {
    if (offered("io.opentelemetry.api.OpenTelemetry")) {
      try {
        var spans = DeliverySpans.fromServer(beans);
        if (spans.isPresent()) {
          LOG.info(
              "Inbox deliveries are traced through the server's OpenTelemetry (on while"
                  + " otel.sdk.disabled=false)");
          return spans.get();
        }
      } catch (RuntimeException | LinkageError e) {
        // An otel.* setting the SDK refuses (an unknown exporter, a malformed endpoint): tracing
        // must never stop the inbox, which runs on untraced and says why.
        LOG.log(
            Level.WARNING,
            e,
            () ->
                "Inbox deliveries are not traced: the server's OpenTelemetry could not be set up");
        return DeliveryTracing.NONE;
      }
    }
    LOG.info(
        "The server offers no OpenTelemetry: inbox deliveries are not traced. On WildFly, run"
            + " server-config/wildfly/configure-telemetry.cli");
    return DeliveryTracing.NONE;
  }

  private static boolean offered(String apiClass) {
    try {
      Class.forName(apiClass, false, ServerTracing.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError absent) {
      return false;
    }
  }
}
