package dev.inbox.store;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;

/**
 * The module's one clock: UTC, the zone of every time it stores. Everything that asks what time it
 * is injects it, so that no time is taken in the server's own zone by mistake.
 */
@ApplicationScoped
public class UtcClock {

  @Produces
  Clock utc() {
    return Clock.systemUTC();
  }
}
