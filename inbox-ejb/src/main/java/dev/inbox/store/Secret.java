package dev.inbox.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.LocalDateTime;
import java.util.Objects;

/**
 * A secret every node of the inbox shares through the database, made by the first node that needs
 * it: the key that seals the inbox's own properties on the copies it quarantines. Times are UTC.
 */
@Entity
@Table(name = "inbox_secret")
public class Secret {

  @Id
  @Column(name = "secret_name", length = 100, nullable = false, updatable = false)
  private String name;

  @Column(name = "secret_value", length = 200, nullable = false, updatable = false)
  private String value;

  @Column(name = "created_at", nullable = false, updatable = false)
  private LocalDateTime createdAt;

  /** For JPA. */
  protected Secret() {}

  Secret(String name, String value, LocalDateTime createdAt) {
    this.name = Objects.requireNonNull(name, "name");
    this.value = Objects.requireNonNull(value, "value");
    this.createdAt = Objects.requireNonNull(createdAt, "createdAt");
  }

  String value() {
    return value;
  }
}
