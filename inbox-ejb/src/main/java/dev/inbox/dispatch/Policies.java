package dev.inbox.dispatch;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The operator's {@link Policy}, read from the configuration for the beans that decide. */
@ApplicationScoped
class Policies {

  @Produces
  Policy policy(
      AttemptBudget budget,
      @ConfigProperty(name = "inbox.unknown-type-policy", defaultValue = "quarantine")
          String unknownTypePolicy,
      @ConfigProperty(name = "inbox.late-delivery-policy", defaultValue = "quarantine")
          String lateDeliveryPolicy) {
    return Policy.of(unknownTypePolicy, lateDeliveryPolicy, budget.maxAttempts());
  }
}
