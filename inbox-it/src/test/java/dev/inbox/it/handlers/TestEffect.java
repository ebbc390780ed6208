package dev.inbox.it.handlers;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.Objects;
import java.util.UUID;

/** One business effect of a test handler. No unique key: a second effect would show. */
@Entity
@Table(name = "it_effect")
public class TestEffect {

  @Id
  @Column(length = 36)
  private String id;

  @Column(name = "consumer_name", length = 100, nullable = false)
  private String consumerName;

  @Column(name = "message_id", length = 400, nullable = false)
  private String messageId;

  /** For JPA. */
  protected TestEffect() {}

  TestEffect(String consumerName, String messageId) {
    this.id = UUID.randomUUID().toString();
    this.consumerName = Objects.requireNonNull(consumerName);
    this.messageId = Objects.requireNonNull(messageId);
  }
}
