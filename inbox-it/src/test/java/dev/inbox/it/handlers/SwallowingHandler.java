package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;

/**
 * Hides a failure that has doomed its transaction: it writes one effect twice under one key, and
 * catches the flush's failure. The inbox must still see this consumer's failure.
 */
@ApplicationScoped
@InboxConsumer(name = SwallowingHandler.CONSUMER, types = SwallowingHandler.TYPE)
public class SwallowingHandler implements InboxHandler {

  public static final String CONSUMER = "it-swallowing";
  public static final String TYPE = "it.swallowing";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    try {
      effects.applyTwiceUnderOneKey(message, context);
    } catch (PersistenceException hidden) {
      // The mistake under test: carrying on as if nothing happened.
    }
  }
}
