package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Map;

/** Writes one effect per message; the retention tests give this consumer a retention of seconds. */
@ApplicationScoped
@InboxConsumer(name = RetentionHandler.CONSUMER, types = RetentionHandler.TYPE)
public class RetentionHandler implements InboxHandler {

  public static final String CONSUMER = "it-retention";
  public static final String TYPE = "it.retention";

  @Inject private Effects effects;

  /**
   * The settings that give this consumer a retention of three seconds, swept every second (the
   * others keep the default 30 days), with the test's own settings added. The inbox is told to
   * accept a retention shorter than the redelivery horizon, or it would refuse to start.
   */
  public static Map<String, String> threeSecondRetention(Map<String, String> more) {
    Map<String, String> settings = new HashMap<>(more);
    settings.put("inbox.retention.consumer." + CONSUMER, "PT3S");
    settings.put("inbox.retention.sweep-interval", "PT1S");
    settings.put("inbox.retention.allow-shorter-than-horizon", "true");
    return Map.copyOf(settings);
  }

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
  }
}
