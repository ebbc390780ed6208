package dev.inbox.health;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/**
 * Live while the inbox is deployed and answers. Nothing the inbox depends on is checked here: a
 * database or broker outage makes it not ready, and restarting the server would not bring them
 * back.
 */
@Liveness
@ApplicationScoped
public class InboxLiveness implements HealthCheck {

  @Override
  public HealthCheckResponse call() {
    return HealthCheckResponse.up(InboxReadiness.NAME);
  }
}
