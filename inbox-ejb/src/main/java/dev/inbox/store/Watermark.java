package dev.inbox.store;

import dev.inbox.spi.Limits;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.LocalDateTime;
import java.util.Objects;

/**
 * For one consumer, the newest processed_at among the rows retention has deleted (UTC): a message
 * older than this with no row may be a late redelivery of a purged key.
 */
@Entity
@Table(name = "inbox_watermark")
public class Watermark {

  @Id
  @Column(
      name = "consumer_name",
      length = Limits.CONSUMER_NAME,
      nullable = false,
      updatable = false)
  private String consumerName;

  @Column(name = "purged_through", nullable = false)
  private LocalDateTime purgedThrough;

  @Column(name = "updated_at", nullable = false)
  private LocalDateTime updatedAt;

  /** For JPA. */
  protected Watermark() {}

  Watermark(String consumerName, LocalDateTime purgedThrough, LocalDateTime at) {
    this.consumerName = Objects.requireNonNull(consumerName, "consumerName");
    this.purgedThrough = Objects.requireNonNull(purgedThrough, "purgedThrough");
    this.updatedAt = Objects.requireNonNull(at, "at");
  }

  /** Moves the watermark forward; it never goes back. */
  void advance(LocalDateTime purged, LocalDateTime at) {
    if (purged.isAfter(purgedThrough)) {
      purgedThrough = purged;
    }
    updatedAt = at;
  }

  public String consumerName() {
    return consumerName;
  }

  public LocalDateTime purgedThrough() {
    return purgedThrough;
  }
}
