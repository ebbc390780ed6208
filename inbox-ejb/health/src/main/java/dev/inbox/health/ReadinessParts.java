package dev.inbox.health;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collections;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.eclipse.microprofile.health.HealthCheck;

/**
 * The parts of the inbox's readiness, by name, as the inbox module registered them when it started.
 * Until it has, the inbox is not ready.
 */
@ApplicationScoped
public class ReadinessParts {

  private final SortedMap<String, HealthCheck> parts = new ConcurrentSkipListMap<>();

  /**
   * Adds a part, or replaces the one of that name.
   *
   * @param name what the readiness answer calls it, for example {@code database}
   * @param part asked at every readiness request; a part that throws is down
   */
  public void add(String name, HealthCheck part) {
    parts.put(name, part);
  }

  /** The parts, by name. */
  public SortedMap<String, HealthCheck> all() {
    return Collections.unmodifiableSortedMap(parts);
  }
}
