package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Writes one effect per message, after a call out whose answer it did not get. */
@ApplicationScoped
@InboxConsumer(name = UncertainHandler.CONSUMER, types = UncertainHandler.TYPE)
public class UncertainHandler implements InboxHandler {

  public static final String CONSUMER = "it-uncertain";
  public static final String TYPE = "it.uncertain";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    context.reportUncertainEffect("POST /payments", context.idempotencyKey(), "no answer");
    effects.apply(message, context);
  }
}
