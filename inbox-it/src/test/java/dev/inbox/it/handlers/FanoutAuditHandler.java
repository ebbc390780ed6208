package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** One of two consumers of the fan-out type. */
@ApplicationScoped
@InboxConsumer(name = FanoutAuditHandler.CONSUMER, types = FanoutAuditHandler.TYPE)
public class FanoutAuditHandler implements InboxHandler {

  public static final String CONSUMER = "it-fanout-audit";
  public static final String TYPE = "it.fanout";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
  }
}
