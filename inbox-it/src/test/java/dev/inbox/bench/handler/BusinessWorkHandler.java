package dev.inbox.bench.handler;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.inject.Inject;

/** A benchmark consumer: the business work, once per message, nothing else. */
abstract class BusinessWorkHandler implements InboxHandler {

  @Inject private BusinessWork work;

  @Override
  public void handle(Envelope message, InboxContext context) {
    work.apply(message.messageId(), message.producedAt());
  }
}
