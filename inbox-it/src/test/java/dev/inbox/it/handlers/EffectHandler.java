package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Writes one effect per message. */
@ApplicationScoped
@InboxConsumer(name = EffectHandler.CONSUMER, types = EffectHandler.TYPE)
public class EffectHandler implements InboxHandler {

  public static final String CONSUMER = "it-effects";
  public static final String TYPE = "it.effect";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
  }
}
