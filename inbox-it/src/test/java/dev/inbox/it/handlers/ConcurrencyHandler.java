package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Writes its effect, then works for {@value #WORK_MILLIS} ms, counting how many of its calls run at
 * the same moment: the most that ever did is how many messages the MDB took at once.
 */
@ApplicationScoped
@InboxConsumer(name = ConcurrencyHandler.CONSUMER, types = ConcurrencyHandler.TYPE)
public class ConcurrencyHandler implements InboxHandler {

  public static final String CONSUMER = "it-concurrency";
  public static final String TYPE = "it.concurrency";
  static final long WORK_MILLIS = 400;

  private static final AtomicInteger running = new AtomicInteger();
  private static final AtomicInteger most = new AtomicInteger();

  @Inject private Effects effects;

  /** The most calls that ran at once since the last reset. */
  public static int most() {
    return most.get();
  }

  public static void reset() {
    most.set(0);
  }

  @Override
  public void handle(Envelope message, InboxContext context) {
    effects.apply(message, context);
    most.accumulateAndGet(running.incrementAndGet(), Math::max);
    try {
      // The business work, long enough for the deliveries to overlap.
      Thread.sleep(WORK_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      running.decrementAndGet();
    }
  }
}
