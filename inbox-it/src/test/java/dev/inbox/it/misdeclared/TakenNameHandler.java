package dev.inbox.it.misdeclared;

import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;

/** Declares a consumer name that a test handler already uses. */
@ApplicationScoped
@InboxConsumer(name = EffectHandler.CONSUMER, types = "it.misdeclared")
public class TakenNameHandler implements InboxHandler {

  @Override
  public void handle(Envelope message, InboxContext context) {}
}
