package dev.inbox.store;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;

/**
 * The consumers' retention watermarks, as last read from the database. The sweeper reloads them
 * after each sweep (on any node), so a delivery never waits on a query for them; between reloads a
 * watermark can only be behind, which makes the late-delivery check briefly more lenient, never
 * stricter.
 */
@ApplicationScoped
public class Watermarks {

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  private volatile Map<String, LocalDateTime> purgedThrough = Map.of();

  /** Reads every consumer's watermark again. */
  public void reload() {
    Map<String, LocalDateTime> read = new HashMap<>();
    for (Watermark watermark :
        em.createQuery("select w from Watermark w", Watermark.class).getResultList()) {
      read.put(watermark.consumerName(), watermark.purgedThrough());
    }
    purgedThrough = Map.copyOf(read);
  }

  /**
   * Whether a message the producer sent at this time is older than what retention has deleted for
   * the consumer: it may be a redelivery of a key that was purged.
   */
  public boolean isLate(String consumer, Instant producedAt) {
    LocalDateTime watermark = purgedThrough.get(consumer);
    return watermark != null
        && producedAt != null
        && LocalDateTime.ofInstant(producedAt, ZoneOffset.UTC).isBefore(watermark);
  }
}
