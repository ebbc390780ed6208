package dev.inbox.health;

import dev.inbox.retention.Sweeper;
import dev.inbox.store.Watermarks;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready when retention works on this node: its watermarks are loaded (without them a late
 * redelivery of a purged message would be applied), and its sweeps keep up (the last one that ended
 * without a failure is at most three intervals old).
 */
@Readiness
@ApplicationScoped
public class RetentionReadiness implements HealthCheck {

  static final String NAME = "inbox-retention";

  @Inject private Watermarks watermarks;

  @Inject private Sweeper sweeper;

  @Override
  public HealthCheckResponse call() {
    boolean loaded = watermarks.loaded();
    boolean keepsUp = sweeper.keepsUp();
    HealthCheckResponseBuilder response =
        HealthCheckResponse.named(NAME)
            .withData("watermarks-loaded", loaded)
            .withData("sweeps-keep-up", keepsUp);
    sweeper.lastSweep().ifPresent(last -> response.withData("last-sweep", last.toString()));
    return response.status(loaded && keepsUp).build();
  }
}
