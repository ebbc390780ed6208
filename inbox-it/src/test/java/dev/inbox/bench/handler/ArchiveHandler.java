package dev.inbox.bench.handler;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * A consumer that is never sent anything: the harness fills its rows, already expired, for the
 * retention sweeper to delete while the measured consumer takes messages.
 */
@ApplicationScoped
@InboxConsumer(name = ArchiveHandler.CONSUMER, types = ArchiveHandler.TYPE)
public class ArchiveHandler implements InboxHandler {

  public static final String CONSUMER = "bench-archive";
  public static final String TYPE = "bench.archive";

  @Override
  public void handle(Envelope message, InboxContext context) {
    throw new IllegalStateException("The benchmark never sends " + TYPE + " messages");
  }
}
