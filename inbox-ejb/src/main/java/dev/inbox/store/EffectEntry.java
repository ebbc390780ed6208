package dev.inbox.store;

import dev.inbox.spi.Limits;
import dev.inbox.spi.UncertainEffect;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * An external effect a consumer's handler reported as uncertain for a message: where the call went,
 * the key it carried, how often and when it was reported, and when a later delivery settled it.
 * Times are UTC.
 */
@Entity
@IdClass(EffectEntry.Key.class)
@Table(name = "inbox_effect")
public class EffectEntry {

  @Id
  @Column(
      name = "consumer_name",
      length = Limits.CONSUMER_NAME,
      nullable = false,
      updatable = false)
  private String consumerName;

  @Id
  @Column(name = "message_id", length = Limits.MESSAGE_ID, nullable = false, updatable = false)
  private String messageId;

  @Id
  @Column(name = "target", length = Limits.EFFECT_TARGET, nullable = false, updatable = false)
  private String target;

  @Id
  @Column(
      name = "idempotency_key",
      length = Limits.IDEMPOTENCY_KEY,
      nullable = false,
      updatable = false)
  private String idempotencyKey;

  @Column(name = "detail", length = Limits.ERROR)
  private String detail;

  @Column(name = "reports", nullable = false)
  private int reports;

  @Column(name = "first_reported", nullable = false)
  private LocalDateTime firstReported;

  @Column(name = "last_reported", nullable = false)
  private LocalDateTime lastReported;

  @Column(name = "last_delivery", nullable = false)
  private int lastDelivery;

  @Column(name = "settled_at")
  private LocalDateTime settledAt;

  /** For JPA. */
  protected EffectEntry() {}

  EffectEntry(Key key, String detail, int delivery, LocalDateTime at) {
    this.consumerName = key.consumerName;
    this.messageId = key.messageId;
    this.target = key.target;
    this.idempotencyKey = key.idempotencyKey;
    this.detail = Columns.cut(detail, Limits.ERROR);
    this.reports = 1;
    this.firstReported = Objects.requireNonNull(at, "at");
    this.lastReported = at;
    this.lastDelivery = delivery;
  }

  /** A first report, as a test or a caller outside this package makes one. */
  public static EffectEntry reported(Key key, String detail, int delivery, LocalDateTime at) {
    return new EffectEntry(key, detail, delivery, at);
  }

  /** Reported again: by a later delivery, or the same one calling again. Unsettled again too. */
  void reportedAgain(String detail, int delivery, LocalDateTime at) {
    this.reports++;
    this.detail = Columns.cut(detail, Limits.ERROR);
    this.lastReported = Objects.requireNonNull(at, "at");
    this.lastDelivery = delivery;
    this.settledAt = null;
  }

  public Key key() {
    return new Key(consumerName, messageId, target, idempotencyKey);
  }

  int reports() {
    return reports;
  }

  /** As a handler reads it. */
  public UncertainEffect toEffect() {
    return new UncertainEffect(
        target,
        idempotencyKey,
        detail,
        reports,
        firstReported.toInstant(ZoneOffset.UTC),
        lastReported.toInstant(ZoneOffset.UTC),
        lastDelivery);
  }

  /** The primary key. */
  public static class Key implements Serializable {

    private static final long serialVersionUID = 1L;

    private String consumerName;
    private String messageId;
    private String target;
    private String idempotencyKey;

    /** For JPA. */
    public Key() {}

    public Key(String consumerName, String messageId, String target, String idempotencyKey) {
      this.consumerName = Objects.requireNonNull(consumerName, "consumerName");
      this.messageId = Objects.requireNonNull(messageId, "messageId");
      this.target = Objects.requireNonNull(target, "target");
      this.idempotencyKey = Objects.requireNonNull(idempotencyKey, "idempotencyKey");
    }

    String consumerName() {
      return consumerName;
    }

    String messageId() {
      return messageId;
    }

    String target() {
      return target;
    }

    String idempotencyKey() {
      return idempotencyKey;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Key that
          && Objects.equals(consumerName, that.consumerName)
          && Objects.equals(messageId, that.messageId)
          && Objects.equals(target, that.target)
          && Objects.equals(idempotencyKey, that.idempotencyKey);
    }

    @Override
    public int hashCode() {
      return Objects.hash(consumerName, messageId, target, idempotencyKey);
    }

    @Override
    public String toString() {
      return "consumer=%s messageId=%s target=%s idempotencyKey=%s"
          .formatted(consumerName, messageId, target, idempotencyKey);
    }
  }
}
