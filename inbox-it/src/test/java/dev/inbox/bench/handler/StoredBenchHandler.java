package dev.inbox.bench.handler;

import dev.inbox.spi.InboxConsumer;
import jakarta.enterprise.context.ApplicationScoped;

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
public class StoredBenchHandler extends BusinessWorkHandler {

  public static final String CONSUMER = "bench-stored";
  public static final String TYPE = "bench.stored";
}
