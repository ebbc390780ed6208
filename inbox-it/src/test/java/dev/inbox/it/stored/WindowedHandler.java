package dev.inbox.it.stored;

import dev.inbox.it.handlers.Effects;
import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * A store-then-process consumer with a content window: a message whose body equals one it took as
 * new in the last {@link #WINDOW} is a duplicate of that one, whatever its id.
 */
@ApplicationScoped
@InboxConsumer(
    name = WindowedHandler.CONSUMER,
    types = WindowedHandler.TYPE,
    mode = InboxConsumer.Mode.STORE_THEN_PROCESS,
    contentWindow = WindowedHandler.WINDOW)
public class WindowedHandler implements InboxHandler {

  public static final String CONSUMER = "it-windowed";
  public static final String TYPE = "it.windowed";

  /**
   * Long enough for copies sent together to arrive within it on a busy machine, a rolled-back race
   * and its redelivery included; short enough for a test to wait it out.
   */
  public static final String WINDOW = "PT5S";

  @Inject private Effects effects;

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
  }
}
