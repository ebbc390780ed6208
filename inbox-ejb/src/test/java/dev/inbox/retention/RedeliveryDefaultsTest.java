package dev.inbox.retention;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.dispatch.AttemptBudget;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The inbox's defaults for the broker's redelivery say what the scripts set on the broker: the
 * start-up checks reason about the broker the scripts made.
 */
class RedeliveryDefaultsTest {

  @Test
  void theDefaultsAreTheNumbersTheScriptsGiveTheBroker() throws IOException {
    Properties queue = new Properties();
    try (Reader reader =
        Files.newBufferedReader(Path.of("../server-config/inbox-queue.properties"))) {
      queue.load(reader);
    }

    assertEquals(
        queue.getProperty("maxDeliveryAttempts"),
        AttemptBudget.DEFAULT_BROKER_MAX_DELIVERY_ATTEMPTS,
        "inbox.broker.max-delivery-attempts's default");
    assertEquals(
        Duration.ofMillis(Long.parseLong(queue.getProperty("maxRedeliveryDelay"))),
        Duration.parse(AttemptBudget.DEFAULT_BROKER_MAX_REDELIVERY_DELAY),
        "inbox.broker.max-redelivery-delay's default");
  }
}
