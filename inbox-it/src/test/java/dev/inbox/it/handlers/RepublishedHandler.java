package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Writes one effect per event; a producer that publishes an event again sets its time and trace
 * anew, so those two fields never make two events with one id different for this consumer.
 */
@ApplicationScoped
@InboxConsumer(
    name = RepublishedHandler.CONSUMER,
    types = RepublishedHandler.TYPE,
    fingerprintExcludes = {"/occurredAt", "/traceId"})
public class RepublishedHandler implements InboxHandler {

  public static final String CONSUMER = "it-republished";
  public static final String AUDIT = "it-republished-audit";
  public static final String TYPE = "it.republished";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
  }

  /**
   * The same events for a consumer that compares the whole body, as every consumer does unless
   * told.
   */
  @ApplicationScoped
  @InboxConsumer(name = RepublishedHandler.AUDIT, types = RepublishedHandler.TYPE)
  public static class Audit implements InboxHandler {

    @Inject private Effects effects;

    @Override
    public void handle(Envelope message, InboxContext context) {
      effects.apply(message, context);
    }
  }
}
