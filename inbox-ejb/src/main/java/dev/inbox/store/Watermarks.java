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
 * The consumers' retention watermarks, as last read from the database. They are read on a schedule
 * of their own, and by a node's sweeper as soon as it has deleted rows, so a delivery never waits
 * on a query for them; between reads a watermark can only be behind (another node's sweep moved
 * it), which makes the late-delivery check briefly more lenient, never stricter. Until a read
 * succeeds, or when the last one failed, they are not {@linkplain #loaded() loaded}.
 */
@ApplicationScoped
public class Watermarks {

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  private volatile Map<String, LocalDateTime> purgedThrough = Map.of();
  private volatile boolean loaded;

  /**
   * Reads every consumer's watermark again.
   *
   * @throws RuntimeException when the database cannot be read; the watermarks are then not loaded,
   *     and those of the last read stay in use
   */
  public void reload() {
    try {
      Map<String, LocalDateTime> read = new HashMap<>();
      for (Watermark watermark :
          em.createQuery("select w from Watermark w", Watermark.class).getResultList()) {
        read.put(watermark.consumerName(), watermark.purgedThrough());
      }
      purgedThrough = Map.copyOf(read);
      loaded = true;
    } catch (RuntimeException e) {
      loaded = false;
      throw e;
    }
  }

  /**
   * Whether the last read succeeded. Until then late deliveries of purged keys go unnoticed: a
   * delivery with no row is applied.
   */
  public boolean loaded() {
    return loaded;
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
