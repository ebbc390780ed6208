package dev.inbox.it.handlers;

import dev.inbox.spi.Payload;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.Objects;
import java.util.UUID;

/**
 * One business effect of a test handler, with the SHA-256 of the payload the handler was given, so
 * that a test checks what was applied and not only that something was. No unique key: a second
 * effect would show. Each also records the delivery that wrote it, when, and whether the handler's
 * transaction saw the inbox row of that delivery: a handler's writes belong to the delivery's
 * transaction, so it always should, and an effect that did not is the first thing to read when an
 * identity was applied twice.
 */
@Entity
@Table(
    name = "it_effect",
    // The oracle matches effects with inbox rows by identity: without it, each of its checks read
    // the whole table once per row, and took seconds on a few tens of thousands of rows.
    indexes = @Index(name = "ix_it_effect_message", columnList = "consumer_name, message_id"))
public class TestEffect {

  @Id
  @Column(length = 36)
  private String id;

  @Column(name = "consumer_name", length = 100, nullable = false)
  private String consumerName;

  @Column(name = "message_id", length = 400, nullable = false)
  private String messageId;

  @Column(name = "payload_hash", length = 64, nullable = false)
  private String payloadHash;

  @Column(name = "delivery_count", nullable = false)
  private int deliveryCount;

  @Column(name = "applied_at", nullable = false)
  private LocalDateTime appliedAt;

  @Column(name = "saw_row", nullable = false)
  private boolean sawRow;

  /** For JPA. */
  protected TestEffect() {}

  TestEffect(
      String consumerName, String messageId, Payload payload, int deliveryCount, boolean sawRow) {
    this.id = UUID.randomUUID().toString();
    this.consumerName = Objects.requireNonNull(consumerName);
    this.messageId = Objects.requireNonNull(messageId);
    this.payloadHash = sha256(payload.bytes());
    this.deliveryCount = deliveryCount;
    this.appliedAt = LocalDateTime.now(ZoneOffset.UTC);
    this.sawRow = sawRow;
  }

  String id() {
    return id;
  }

  /** The hex SHA-256 of a body, as a test computes it for what it sent. */
  public static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java runtime provides SHA-256", e);
    }
  }
}
