package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Writes its effect, then fails on every delivery, until a test cures the message. */
@ApplicationScoped
@InboxConsumer(name = PoisonHandler.CONSUMER, types = PoisonHandler.TYPE)
public class PoisonHandler implements InboxHandler {

  public static final String CONSUMER = "it-poison";
  public static final String TYPE = "it.poison";

  @Inject private Effects effects;
  @Inject private Cures cures;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
    if (!cures.isCured(message.messageId())) {
      throw new IllegalStateException("it-poison cannot apply " + message.messageId() + " yet");
    }
  }
}
