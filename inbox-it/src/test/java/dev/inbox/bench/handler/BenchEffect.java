package dev.inbox.bench.handler;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.Objects;
import java.util.UUID;

/** The business row every measured path writes once per message: the work the inbox guards. */
@Entity
@Table(name = "bench_effect")
public class BenchEffect {

  @Id
  @Column(length = 36)
  private String id;

  @Column(name = "message_id", length = 400, nullable = false)
  private String messageId;

  /** For JPA. */
  protected BenchEffect() {}

  BenchEffect(String messageId) {
    this.id = UUID.randomUUID().toString();
    this.messageId = Objects.requireNonNull(messageId);
  }
}
