package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Takes contract versions 2 and 3 only. */
@ApplicationScoped
@InboxConsumer(
    name = VersionedHandler.CONSUMER,
    types = VersionedHandler.TYPE,
    versions = {"2", "3"})
public class VersionedHandler implements InboxHandler {

  public static final String CONSUMER = "it-versioned";
  public static final String TYPE = "it.versioned";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
  }
}
