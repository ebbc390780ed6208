package dev.inbox.dispatch;

import dev.inbox.settings.Durations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How long a stored message waits after a failed attempt before the workers try it again: {@code
 * inbox.store-then-process.retry-delay} after the first, doubling with each attempt up to {@code
 * inbox.store-then-process.max-retry-delay}, each wait drawn between half and all of that, so that
 * messages that failed together (a database that was away) do not all come back at once.
 */
@ApplicationScoped
class Backoff {

  private final Duration first;
  private final Duration longest;

  @Inject
  Backoff(
      @ConfigProperty(name = "inbox.store-then-process.retry-delay", defaultValue = "PT1S")
          String first,
      @ConfigProperty(name = "inbox.store-then-process.max-retry-delay", defaultValue = "PT5M")
          String longest) {
    this.first = Durations.positive("inbox.store-then-process.retry-delay", first, "PT1S");
    this.longest = Durations.positive("inbox.store-then-process.max-retry-delay", longest, "PT5M");
  }

  /** For the CDI proxy. */
  protected Backoff() {
    this.first = null;
    this.longest = null;
  }

  /** The wait after the given attempt (from 1) failed. */
  Duration after(int attempt) {
    Duration ceiling = first;
    for (int i = 1; i < attempt && ceiling.compareTo(longest) < 0; i++) {
      ceiling = ceiling.multipliedBy(2);
    }
    long millis = Math.min(ceiling.toMillis(), longest.toMillis());
    return Duration.ofMillis(ThreadLocalRandom.current().nextLong(millis / 2, millis + 1));
  }
}
