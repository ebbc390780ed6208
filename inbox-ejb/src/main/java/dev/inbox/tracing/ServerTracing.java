package dev.inbox.tracing;

import dev.inbox.dispatch.DeliveryTracing;
import dev.inbox.dispatch.Received;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
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

  @Override
  public Trace start(Received received) {
    return chosen.start(received);
  }

  private static DeliveryTracing ofServer(BeanManager beans) {
    if (offered("io.opentelemetry.api.OpenTelemetry")) {
      var spans = DeliverySpans.fromServer(beans);
      if (spans.isPresent()) {
        LOG.info(
            "Inbox deliveries are traced through the server's OpenTelemetry (on while"
                + " otel.sdk.disabled=false)");
        return spans.get();
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
