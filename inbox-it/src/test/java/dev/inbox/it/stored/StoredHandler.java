package dev.inbox.it.stored;

import dev.inbox.it.handlers.Cures;
import dev.inbox.it.handlers.Effects;
import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * A store-then-process consumer: writes its effect after a short random pause (so that messages
 * processed side by side would finish out of order), and fails on a body that says {@code poison}
 * until a test cures the message. Its ordering key is the message's {@code JMSXGroupID}, the
 * default.
 */
@ApplicationScoped
@InboxConsumer(
    name = StoredHandler.CONSUMER,
    types = StoredHandler.TYPE,
    mode = InboxConsumer.Mode.STORE_THEN_PROCESS)
public class StoredHandler implements InboxHandler {

  public static final String CONSUMER = "it-stored";
  public static final String TYPE = "it.stored";

  @Inject private Effects effects;
  @Inject private Cures cures;

  @Override
  public void handle(Envelope message, InboxContext context) {
    // Business work of uneven length: not a wait for a condition.
    LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(1_000_000, 30_000_000));
    if (message.payload().asText().contains("poison") && !cures.isCured(message.messageId())) {
      throw new IllegalStateException("it-stored cannot apply " + message.messageId() + " yet");
    }
    effects.apply(message, context);
  }
}
