package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Writes its effect, then takes as long as the message's {@value #SLEEP_PROPERTY} property says:
 * longer than the transaction timeout, the timeout rolls the delivery back under it.
 */
@ApplicationScoped
@InboxConsumer(name = SlowHandler.CONSUMER, types = SlowHandler.TYPE)
public class SlowHandler implements InboxHandler {

  public static final String CONSUMER = "it-slow";
  public static final String TYPE = "it.slow";
  public static final String SLEEP_PROPERTY = "sleepMillis";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
    try {
      Thread.sleep(Long.parseLong(message.property(SLEEP_PROPERTY).orElse("0")));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
