package dev.inbox.retention;

import dev.inbox.dispatch.Subscriptions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;

/**
 * Refuses to start when a consumer's retention is shorter than the redelivery horizon: a message
 * could come back after its row was deleted and be applied a second time. An operator who accepts
 * that sets {@code inbox.retention.allow-shorter-than-horizon=true}, and the server says so loudly.
 */
@ApplicationScoped
public class RetentionCheck {

  private static final Logger LOG = Logger.getLogger(RetentionCheck.class.getName());

  void checkAtStartup(
      @Observes Startup startup, Subscriptions subscriptions, RetentionPolicy policy) {
    policy.validate(subscriptions.typesByConsumer().keySet());
    Duration horizon = policy.redeliveryHorizon();
    List<String> tooShort = new ArrayList<>();
    for (String consumer : subscriptions.typesByConsumer().keySet()) {
      Duration retention = policy.retentionOf(consumer);
      if (retention.compareTo(horizon) < 0) {
        tooShort.add("consumer %s keeps rows for %s".formatted(consumer, retention));
      }
    }
    if (tooShort.isEmpty()) {
      return;
    }
    String problem =
        ("Inbox retention is shorter than the redelivery horizon of %s (broker max delivery"
                + " attempts x max redelivery delay + inbox.redrive-window): %s. A message could"
                + " come back after its row is deleted and be applied twice. Raise"
                + " inbox.retention.default or inbox.retention.consumer.<name> to at least %s, or"
                + " set inbox.retention.allow-shorter-than-horizon=true to accept the risk.")
            .formatted(horizon, String.join("; ", tooShort), horizon);
    if (!policy.allowsRetentionShorterThanHorizon()) {
      throw new IllegalStateException(problem);
    }
    LOG.severe(() -> "Starting anyway (inbox.retention.allow-shorter-than-horizon): " + problem);
  }
}
