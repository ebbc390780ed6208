package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** One of two consumers of one type that both fail on every delivery. */
@ApplicationScoped
@InboxConsumer(name = PoisonPairFirstHandler.CONSUMER, types = PoisonPairFirstHandler.TYPE)
public class PoisonPairFirstHandler implements InboxHandler {

  public static final String CONSUMER = "it-poison-pair-a";
  public static final String TYPE = "it.poison-pair";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
    throw new IllegalStateException(CONSUMER + " cannot apply " + message.messageId());
  }
}
