package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * A handler after a fix, declared at processing version 2: a copy of a message whose row version 1
 * wrote is applied again. Writes one effect per application.
 */
@ApplicationScoped
@InboxConsumer(name = FixedHandler.CONSUMER, types = FixedHandler.TYPE, processingVersion = 2)
public class FixedHandler implements InboxHandler {

  public static final String CONSUMER = "it-fixed";
  public static final String TYPE = "it.fixed";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
    context.recordResult("applied by version 2");
  }
}
