package dev.inbox.store;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.Limits;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Lob;
import jakarta.persistence.Table;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * A row of {@code inbox_pending}: a message a store-then-process consumer took in, with what its
 * handler needs to run later, and how its processing goes. Times are UTC. Workers change its state
 * and claims with fenced statements ({@link PendingMessages}); JPA writes it once, at intake, and
 * reads it.
 */
@Entity
@IdClass(ConsumerMessageKey.class)
@Table(name = "inbox_pending")
public class PendingMessage {

  /** Where a pending message stands. */
  public enum State {
    /** Waiting for a worker, or held by one under a lease. */
    PENDING,
    /** Processed: the handler's effect committed with this state. */
    DONE,
    /** Failed every attempt: quarantined, and holding its ordering key. */
    PARKED,
    /** Parked, then released by an operator: its key flows again without it. */
    RELEASED
  }

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

  /** Given by the database at insert: the order messages were taken in. */
  @Column(name = "arrival", insertable = false, updatable = false)
  private Long arrival;

  @Column(name = "ordering_key", length = Limits.ORDERING_KEY, nullable = false)
  private String orderingKey;

  @Column(name = "sequence_no")
  private Long sequence;

  @Column(name = "state", length = 10, nullable = false)
  private String state;

  @Column(name = "message_type", length = Limits.TYPE, nullable = false)
  private String messageType;

  @Column(name = "contract_version", length = Limits.CONTRACT_VERSION)
  private String contractVersion;

  @Column(name = "tenant_id", length = Limits.TENANT)
  private String tenantId;

  @Column(name = "destination", length = 200, nullable = false)
  private String destination;

  @Column(name = "produced_at")
  private LocalDateTime producedAt;

  @Lob
  @Column(name = "properties", nullable = false)
  private String properties;

  @Column(name = "body_kind", length = 20, nullable = false)
  private String bodyKind;

  @Lob
  @Column(name = "body", nullable = false)
  private String body;

  @Column(name = "received_at", nullable = false)
  private LocalDateTime receivedAt;

  @Column(name = "attempts", nullable = false)
  private int attempts;

  @Column(name = "next_attempt_at", nullable = false)
  private LocalDateTime nextAttemptAt;

  @Column(name = "claim_owner", length = Limits.CONSUMER_NAME)
  private String claimOwner;

  @Column(name = "claim_no", nullable = false)
  private int claimNo;

  @Column(name = "lease_until")
  private LocalDateTime leaseUntil;

  @Column(name = "last_error", length = Limits.ERROR)
  private String lastError;

  @Column(name = "finished_at")
  private LocalDateTime finishedAt;

  /** For JPA. */
  protected PendingMessage() {}

  /**
   * A message taken in, due at once.
   *
   * @param orderingKey the key it waits on, the message id when it has none; at most {@link
   *     Limits#ORDERING_KEY} characters, which the caller checks
   * @param sequence its number in its key's sequence, or null when it has none
   * @param destination the queue it came from, where its quarantined copy is redriven to
   */
  public PendingMessage(
      String consumer,
      Envelope envelope,
      String orderingKey,
      Long sequence,
      String destination,
      LocalDateTime receivedAt) {
    this.consumerName = consumer;
    this.messageId = envelope.messageId();
    this.orderingKey = orderingKey;
    this.sequence = sequence;
    this.state = State.PENDING.name();
    this.messageType = envelope.type();
    this.contractVersion = envelope.contractVersion();
    this.tenantId = envelope.tenantId();
    this.destination = destination;
    this.producedAt =
        envelope.producedAt() == null
            ? null
            : LocalDateTime.ofInstant(envelope.producedAt(), ZoneOffset.UTC);
    this.properties = StoredProperties.write(envelope.properties());
    BodyAtRest kept = BodyAtRest.of(envelope.payload());
    this.bodyKind = kept.code();
    this.body = kept.keep(envelope.payload());
    this.receivedAt = receivedAt;
    this.nextAttemptAt = receivedAt;
  }

  /** The message as its handler receives it. */
  public Envelope envelope() {
    return new Envelope(
        messageId,
        messageType,
        contractVersion,
        tenantId,
        BodyAtRest.ofCode(bodyKind).restore(body),
        StoredProperties.read(properties),
        producedAt == null ? null : producedAt.toInstant(ZoneOffset.UTC));
  }

  public String consumerName() {
    return consumerName;
  }

  public String messageId() {
    return messageId;
  }

  public String orderingKey() {
    return orderingKey;
  }

  /** Its number in its key's sequence, or null when it has none. */
  public Long sequence() {
    return sequence;
  }

  public State state() {
    return State.valueOf(state);
  }

  /** How often a worker failed on it so far. */
  public int attempts() {
    return attempts;
  }

  public LocalDateTime receivedAt() {
    return receivedAt;
  }

  /** When a worker may next try it (UTC): after a failed attempt, once its backoff has passed. */
  public LocalDateTime nextAttemptAt() {
    return nextAttemptAt;
  }

  /** When it was processed, or released (UTC); null while pending or parked. */
  public LocalDateTime finishedAt() {
    return finishedAt;
  }

  public String messageType() {
    return messageType;
  }

  public String lastError() {
    return lastError;
  }

  public String destination() {
    return destination;
  }
}
