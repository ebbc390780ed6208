package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/** Writes one effect per business action: its body names the action, whatever the message id. */
@ApplicationScoped
@InboxConsumer(name = KeyedHandler.CONSUMER, types = KeyedHandler.TYPE)
public class KeyedHandler implements InboxHandler {

  public static final String CONSUMER = "it-keyed";
  public static final String TYPE = "it.keyed";

  @Inject private Effects effects;

  @Override
  public Optional<String> businessKey(Envelope message) {
    return Optional.of(message.payload().asText());
  }

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
  }
}
