package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Writes one effect per message; the retention tests give this consumer a retention of seconds. */
@ApplicationScoped
@InboxConsumer(name = RetentionHandler.CONSUMER, types = RetentionHandler.TYPE)
public class RetentionHandler implements InboxHandler {

  public static final String CONSUMER = "it-retention";
  public static final String TYPE = "it.retention";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
  }
}
