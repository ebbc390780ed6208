package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Writes one effect per message; a test moves this consumer's retention watermark by hand, as
 * another node's sweep would, so no other test uses it.
 */
@ApplicationScoped
@InboxConsumer(name = WatermarkHandler.CONSUMER, types = WatermarkHandler.TYPE)
public class WatermarkHandler implements InboxHandler {

  public static final String CONSUMER = "it-watermark";
  public static final String TYPE = "it.watermark";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
  }
}
