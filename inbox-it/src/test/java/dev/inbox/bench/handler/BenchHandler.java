package dev.inbox.bench.handler;

import dev.inbox.spi.InboxConsumer;
import jakarta.enterprise.context.ApplicationScoped;

/** The measured consumer: the business work, nothing else. */
@ApplicationScoped
@InboxConsumer(name = BenchHandler.CONSUMER, types = BenchHandler.TYPE)
public class BenchHandler extends BusinessWorkHandler {

  public static final String CONSUMER = "bench";
  public static final String TYPE = "bench.order";
}
