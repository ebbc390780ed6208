package dev.inbox.bench.handler;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The benchmark's consumer in store-then-process mode: the same business insert as {@link
 * BenchHandler}, applied by the workers after the intake stored the message. Its messages carry no
 * ordering key, as the direct path's: the workers apply them side by side.
 */
@ApplicationScoped
@InboxConsumer(
    name = StoredBenchHandler.CONSUMER,
    types = StoredBenchHandler.TYPE,
    mode = InboxConsumer.Mode.STORE_THEN_PROCESS)
public class StoredBenchHandler implements InboxHandler {

  public static final String CONSUMER = "bench-stored";
  public static final String TYPE = "bench.stored";

  @Inject private BusinessWork work;

  @Override
  public void handle(Envelope message, InboxContext context) {
    work.apply(message.messageId(), message.producedAt());
  }
}
