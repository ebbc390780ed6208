package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import dev.inbox.spi.MessageRejectedException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Writes its effect, then rejects the message: a permanent failure. */
@ApplicationScoped
@InboxConsumer(name = RejectingHandler.CONSUMER, types = RejectingHandler.TYPE)
public class RejectingHandler implements InboxHandler {

  public static final String CONSUMER = "it-rejecting";
  public static final String TYPE = "it.rejecting";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
    throw new MessageRejectedException("order 7 does not exist and never will");
  }
}
