package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Takes contract version 2 only, of the type its sibling takes in every version. */
@ApplicationScoped
@InboxConsumer(
    name = IdentityBillingHandler.CONSUMER,
    types = IdentityAuditHandler.TYPE,
    versions = "2")
public class IdentityBillingHandler implements InboxHandler {

  public static final String CONSUMER = "it-identity-billing";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
  }
}
