package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Writes its effect, then fails on every delivery with an Error rather than an exception. */
@ApplicationScoped
@InboxConsumer(name = ErrorHandler.CONSUMER, types = ErrorHandler.TYPE)
public class ErrorHandler implements InboxHandler {

  public static final String CONSUMER = "it-error";
  public static final String TYPE = "it.error";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
    throw new AssertionError("it-error's own check failed on " + message.messageId());
  }
}
