package dev.inbox.metrics;

import jakarta.enterprise.inject.spi.BeanManager;
import java.util.logging.Logger;

/**
 * Picks the registry the server offers: Micrometer (WildFly, with its micrometer subsystem) or
 * MicroProfile Metrics (Payara). Each port's class is loaded only when the server provides its API.
 */
final class PortChoice {

  private static final Logger LOG = Logger.getLogger(PortChoice.class.getName());

  private PortChoice() {}

  static MeterPort ofServer(BeanManager beans) {
    if (offered("io.micrometer.core.instrument.MeterRegistry")) {
      var micrometer = MicrometerPort.fromServer(beans);
      if (micrometer.isPresent()) {
        LOG.info("Inbox metrics go to the server's Micrometer registry");
        return micrometer.get();
      }
    }
    if (offered("org.eclipse.microprofile.metrics.MetricRegistry")) {
      var microProfile = MicroProfilePort.fromServer(beans);
      if (microProfile.isPresent()) {
        LOG.info("Inbox metrics go to the server's MicroProfile Metrics registry");
        return microProfile.get();
      }
    }
    LOG.warning(
        "The server offers no metrics registry (Micrometer or MicroProfile Metrics): the inbox"
            + " exports no metrics. On WildFly, run server-config/wildfly/configure-metrics.cli");
    return MeterPort.NONE;
  }

  private static boolean offered(String apiClass) {
    try {
      Class.forName(apiClass, false, PortChoice.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError absent) {
      return false;
    }
  }
}
