package dev.inbox.store;

import dev.inbox.spi.Limits;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.time.LocalDateTime;
import java.util.Objects;

/**
 * The failure ledger's entry for one consumer and message: how often its handler failed on it,
 * when, how, and the last error (a summary, never the payload). Times are UTC.
 */
@Entity
@IdClass(ConsumerMessageKey.class)
@Table(name = "inbox_failure")
public class FailureEntry {

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

  @Column(name = "attempts", nullable = false)
  private int attempts;

  @Column(name = "first_seen", nullable = false)
  private LocalDateTime firstSeen;

  @Column(name = "last_seen", nullable = false)
  private LocalDateTime lastSeen;

  @Enumerated(EnumType.STRING)
  @Column(name = "failure_kind", length = 20, nullable = false)
  private FailureKind kind;

  @Column(name = "last_error", length = Limits.ERROR)
  private String lastError;

  @Column(name = "error_type", length = ErrorCause.TYPE_LENGTH)
  private String errorType;

  @Column(name = "error_frame", length = ErrorCause.FRAME_LENGTH)
  private String errorFrame;

  /** For JPA. */
  protected FailureEntry() {}

  FailureEntry(
      String consumerName,
      String messageId,
      FailureKind kind,
      String error,
      ErrorCause cause,
      LocalDateTime at) {
    this.consumerName = Objects.requireNonNull(consumerName, "consumerName");
    this.messageId = Objects.requireNonNull(messageId, "messageId");
    this.attempts = 1;
    this.firstSeen = Objects.requireNonNull(at, "at");
    this.lastSeen = at;
    this.kind = Objects.requireNonNull(kind, "kind");
    this.lastError = cut(error);
    this.errorType = cause.type();
    this.errorFrame = cause.frame();
  }

  /** Another failed attempt. A permanent failure stays permanent. */
  void failedAgain(FailureKind kind, String error, ErrorCause cause, LocalDateTime at) {
    this.attempts++;
    this.lastSeen = Objects.requireNonNull(at, "at");
    if (kind == FailureKind.PERMANENT) {
      this.kind = FailureKind.PERMANENT;
    }
    this.lastError = cut(error);
    this.errorType = cause.type();
    this.errorFrame = cause.frame();
  }

  public String consumerName() {
    return consumerName;
  }

  /** When the last failed attempt was seen, in UTC. */
  public LocalDateTime lastSeen() {
    return lastSeen;
  }

  public int attempts() {
    return attempts;
  }

  public FailureKind kind() {
    return kind;
  }

  public String lastError() {
    return lastError;
  }

  /** Where the last failure came from; both parts are null on an entry older than version 6. */
  public ErrorCause cause() {
    return new ErrorCause(errorType, errorFrame);
  }

  /** When the first failed attempt was seen, in UTC. */
  public LocalDateTime firstSeen() {
    return firstSeen;
  }

  /** An error text cut to what the column holds. */
  public static String cut(String error) {
    return Columns.cut(error, Limits.ERROR);
  }
}
