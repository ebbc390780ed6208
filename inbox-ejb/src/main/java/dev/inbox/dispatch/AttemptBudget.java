package dev.inbox.dispatch;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How often a consumer's handler may fail on a message before the inbox quarantines it ({@code
 * inbox.max-attempts}), and how the broker redelivers the inbox queue: how often it delivers a
 * message before it dead-letters it ({@code inbox.broker.max-delivery-attempts}) and its largest
 * redelivery delay ({@code inbox.broker.max-redelivery-delay}). Both must say what the queue's
 * address setting says; where the broker runs in this JVM, the start checks that they do.
 *
 * <p>Every failed delivery is one consumer's failure, and a delivery tries no consumer after one
 * that failed. So a type with {@code k} consumers may need {@code k × max-attempts} failed
 * deliveries, and one more to quarantine it for all of them. If the broker gives up sooner, the
 * message lands in the dead-letter queue instead of the quarantine; the start is refused instead,
 * with both numbers and what to change.
 */
@ApplicationScoped
public class AttemptBudget {

  /** The inbox queue's max-delivery-attempts, as server-config/inbox-queue.properties sets it. */
  public static final String DEFAULT_BROKER_MAX_DELIVERY_ATTEMPTS = "20";

  /** The inbox queue's max-redelivery-delay, as server-config/inbox-queue.properties sets it. */
  public static final String DEFAULT_BROKER_MAX_REDELIVERY_DELAY = "PT10S";

  private final int maxAttempts;
  private final int brokerMaxDeliveryAttempts;
  private final Duration brokerMaxRedeliveryDelay;

  @Inject
  AttemptBudget(
      @ConfigProperty(name = "inbox.max-attempts", defaultValue = "5") int maxAttempts,
      @ConfigProperty(
              name = "inbox.broker.max-delivery-attempts",
              defaultValue = DEFAULT_BROKER_MAX_DELIVERY_ATTEMPTS)
          int brokerMaxDeliveryAttempts,
      @ConfigProperty(
              name = "inbox.broker.max-redelivery-delay",
              defaultValue = DEFAULT_BROKER_MAX_REDELIVERY_DELAY)
          String brokerMaxRedeliveryDelay) {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException(
          "inbox.max-attempts is " + maxAttempts + ": it must be at least 1");
    }
    if (brokerMaxDeliveryAttempts < 1) {
      throw new IllegalArgumentException(
          "inbox.broker.max-delivery-attempts is %d: write the inbox queue's max-delivery-attempts"
                  .formatted(brokerMaxDeliveryAttempts)
              + " (a broker that redelivers without end, -1, leaves no dead-letter queue to fall"
              + " back on; set a bound)");
    }
    this.maxAttempts = maxAttempts;
    this.brokerMaxDeliveryAttempts = brokerMaxDeliveryAttempts;
    try {
      this.brokerMaxRedeliveryDelay = Duration.parse(brokerMaxRedeliveryDelay.strip());
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "inbox.broker.max-redelivery-delay is '%s': write the inbox queue's max-redelivery-delay"
                  .formatted(brokerMaxRedeliveryDelay)
              + " as an ISO-8601 duration, PT10S for 10000 ms",
          e);
    }
  }

  /** For the CDI proxy. */
  protected AttemptBudget() {
    this.maxAttempts = 0;
    this.brokerMaxDeliveryAttempts = 0;
    this.brokerMaxRedeliveryDelay = null;
  }

  /** {@code inbox.max-attempts}: failed attempts of one consumer before it gives up (5). */
  public int maxAttempts() {
    return maxAttempts;
  }

  /** {@code inbox.broker.max-delivery-attempts}: deliveries before the broker dead-letters (20). */
  public int brokerMaxDeliveryAttempts() {
    return brokerMaxDeliveryAttempts;
  }

  /** {@code inbox.broker.max-redelivery-delay}: the broker's largest redelivery delay (PT10S). */
  public Duration brokerMaxRedeliveryDelay() {
    return brokerMaxRedeliveryDelay;
  }

  void checkAtStartup(@Observes Startup startup, Subscriptions subscriptions) {
    Map<String, List<String>> consumersByType = new TreeMap<>();
    subscriptions
        .typesByConsumer()
        .forEach(
            (consumer, types) ->
                types.forEach(
                    type ->
                        consumersByType
                            .computeIfAbsent(type, t -> new ArrayList<>())
                            .add(consumer)));
    consumersByType.forEach(this::check);
  }

  /** Refuses a type whose consumers may need more deliveries than the broker makes. */
  void check(String type, List<String> consumers) {
    int needed = consumers.size() * maxAttempts + 1;
    if (needed <= brokerMaxDeliveryAttempts) {
      return;
    }
    throw new IllegalStateException(
        ("Type %s has %d consumers %s, each allowed inbox.max-attempts=%d failed attempts: the"
                + " inbox may need %d deliveries of one message to quarantine it for all of them,"
                + " but the broker delivers it at most inbox.broker.max-delivery-attempts=%d times"
                + " before it dead-letters it. Raise the inbox queue's max-delivery-attempts on the"
                + " broker, and inbox.broker.max-delivery-attempts with it, to at least %d; or lower"
                + " inbox.max-attempts to %d.")
            .formatted(
                type,
                consumers.size(),
                consumers,
                maxAttempts,
                needed,
                brokerMaxDeliveryAttempts,
                needed,
                (brokerMaxDeliveryAttempts - 1) / consumers.size()));
  }
}
