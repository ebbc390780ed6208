package dev.inbox.it.misdeclared;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;

/** A handler that declares no consumer. */
@ApplicationScoped
public class UndeclaredHandler implements InboxHandler {

  @Override
  public void handle(Envelope message, InboxContext context) {}
}
