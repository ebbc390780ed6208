package dev.inbox.store;

import dev.inbox.spi.Limits;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Lob;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

/**
 * A row of {@code inbox_applied_body}: the body of a message a consumer applied, kept when {@code
 * inbox.console.keep-applied-bodies} is true. Times are UTC.
 */
@Entity
@IdClass(ConsumerMessageKey.class)
@Table(name = "inbox_applied_body")
class AppliedBody {

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

  @Column(name = "body_kind", length = 10, nullable = false)
  private String kind;

  @Lob
  @Column(name = "body", nullable = false)
  private String body;

  @Column(name = "kept_at", nullable = false)
  private LocalDateTime keptAt;

  /** For JPA. */
  protected AppliedBody() {}

  AppliedBody(String consumerName, String messageId, AppliedBodies.Kept kept) {
    this.consumerName = consumerName;
    this.messageId = messageId;
    keep(kept);
  }

  void replace(AppliedBodies.Kept kept) {
    keep(kept);
  }

  AppliedBodies.Kept read() {
    return new AppliedBodies.Kept(BodyKind.ofCode(kind), body, keptAt);
  }

  /** Private, since the constructor calls it and JPA entities cannot be final. */
  private void keep(AppliedBodies.Kept kept) {
    this.kind = kept.kind().code();
    this.body = kept.body();
    this.keptAt = kept.keptAt();
  }
}
