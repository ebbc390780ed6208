package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Writes its effect, then throws on a message's first delivery; succeeds on the redelivery. */
@ApplicationScoped
@InboxConsumer(name = FlakyHandler.CONSUMER, types = FlakyHandler.TYPE)
public class FlakyHandler implements InboxHandler {

  public static final String CONSUMER = "it-flaky";
  public static final String TYPE = "it.flaky";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
    if (context.deliveryCount() == 1) {
      throw new IllegalStateException("it-flaky fails a message's first delivery, on purpose");
    }
  }
}
