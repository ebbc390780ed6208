package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Takes every contract version of its type: one of two consumers whose other one is picky. */
@ApplicationScoped
@InboxConsumer(name = IdentityAuditHandler.CONSUMER, types = IdentityAuditHandler.TYPE)
public class IdentityAuditHandler implements InboxHandler {

  public static final String CONSUMER = "it-identity-audit";
  public static final String TYPE = "it.identity";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
  }
}
