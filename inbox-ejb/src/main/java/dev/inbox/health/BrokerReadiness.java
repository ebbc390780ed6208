package dev.inbox.health;

import dev.inbox.quarantine.Quarantine;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.QueueBrowser;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready when the broker answers: a browser opened on the quarantine queue, which takes a round trip
 * to the broker, whether it runs in the server or elsewhere.
 */
@Readiness
@ApplicationScoped
public class BrokerReadiness implements HealthCheck {

  static final String NAME = "inbox-broker";

  @Resource(lookup = "java:comp/DefaultJMSConnectionFactory")
  private ConnectionFactory connections;

  @Inject private Quarantine quarantine;

  @Override
  public HealthCheckResponse call() {
    HealthCheckResponseBuilder response = HealthCheckResponse.named(NAME);
    try (JMSContext jms = connections.createContext();
        QueueBrowser browser = jms.createBrowser(quarantine.queue())) {
      browser.getEnumeration();
      return response.up().build();
    } catch (Exception e) {
      return response.down().withData("error", String.valueOf(e)).build();
    }
  }
}
