package dev.inbox.bench.handler;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The measured consumer: the business work, nothing else. */
@ApplicationScoped
@InboxConsumer(name = BenchHandler.CONSUMER, types = BenchHandler.TYPE)
public class BenchHandler implements InboxHandler {

  public static final String CONSUMER = "bench";
  public static final String TYPE = "bench.order";

  @Inject private BusinessWork work;

  @Override
  public void handle(Envelope message, InboxContext context) {
    work.apply(message.messageId(), message.producedAt());
  }
}
