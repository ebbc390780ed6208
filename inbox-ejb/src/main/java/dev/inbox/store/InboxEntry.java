package dev.inbox.store;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.Limits;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import jakarta.persistence.UniqueConstraint;
import java.time.LocalDateTime;
import java.util.Objects;

/**
 * One message as recorded for one consumer. Times are UTC.
 *
 * <p>The primary key (consumer_name, message_id) is the guarantee: a second delivery of the same
 * message to the same consumer cannot insert a second row. The unique (consumer_name, business_key)
 * stops two different messages that ask for the same business action.
 */
@Entity
@IdClass(ConsumerMessageKey.class)
@Table(
    name = "inbox_entry",
    uniqueConstraints =
        @UniqueConstraint(
            name = "uq_inbox_entry_business_key",
            columnNames = {"consumer_name", "business_key"}),
    indexes = @Index(name = "ix_inbox_entry_retention", columnList = "consumer_name, processed_at"))
public class InboxEntry {

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

  @Column(name = "message_type", length = Limits.TYPE, nullable = false)
  private String messageType;

  @Column(name = "contract_version", length = Limits.CONTRACT_VERSION)
  private String contractVersion;

  @Column(name = "payload_hash", length = 64, nullable = false)
  private String payloadHash;

  @Column(name = "business_key", length = Limits.BUSINESS_KEY)
  private String businessKey;

  @Column(name = "duplicate_of", length = Limits.MESSAGE_ID)
  private String duplicateOf;

  @Column(name = "received_at", nullable = false)
  private LocalDateTime receivedAt;

  @Column(name = "processed_at", nullable = false)
  private LocalDateTime processedAt;

  @Column(name = "delivery_count", nullable = false)
  private int deliveryCount;

  @Column(name = "tenant_id", length = Limits.TENANT)
  private String tenantId;

  @Column(name = "result_ref", length = Limits.RESULT_REFERENCE)
  private String resultReference;

  @Column(name = "processing_version", nullable = false)
  private int processingVersion;

  /** For JPA. */
  protected InboxEntry() {}

  private InboxEntry(
      String consumerName,
      Envelope envelope,
      int deliveryCount,
      String payloadHash,
      String businessKey,
      String duplicateOf,
      LocalDateTime receivedAt,
      LocalDateTime processedAt,
      int processingVersion) {
    this.consumerName = Objects.requireNonNull(consumerName, "consumerName");
    this.messageId = Objects.requireNonNull(envelope.messageId(), "messageId");
    this.messageType = Objects.requireNonNull(envelope.type(), "type");
    this.contractVersion = envelope.contractVersion();
    this.tenantId = envelope.tenantId();
    this.deliveryCount = deliveryCount;
    this.payloadHash = Objects.requireNonNull(payloadHash, "payloadHash");
    this.businessKey = businessKey;
    this.duplicateOf = duplicateOf;
    this.receivedAt = Objects.requireNonNull(receivedAt, "receivedAt");
    this.processedAt = Objects.requireNonNull(processedAt, "processedAt");
    this.processingVersion = processingVersion;
    if (businessKey != null && businessKey.length() > Limits.BUSINESS_KEY) {
      throw new IllegalArgumentException(
          "Business key of consumer %s is %d characters long; at most %d fit"
              .formatted(consumerName, businessKey.length(), Limits.BUSINESS_KEY));
    }
  }

  /**
   * A message this consumer applies now.
   *
   * @param deliveryCount the broker's delivery that applied it, 1 for the first
   * @param processingVersion the consumer's processing version
   */
  public static InboxEntry applied(
      String consumer,
      Envelope envelope,
      int deliveryCount,
      String payloadHash,
      String businessKey,
      LocalDateTime receivedAt,
      LocalDateTime processedAt,
      int processingVersion) {
    return new InboxEntry(
        consumer,
        envelope,
        deliveryCount,
        payloadHash,
        businessKey,
        null,
        receivedAt,
        processedAt,
        processingVersion);
  }

  /**
   * A message that asks for a business action another message already asked for. It is recorded, so
   * that its redeliveries are plain duplicates, but not applied.
   */
  public static InboxEntry semanticDuplicate(
      String consumer,
      Envelope envelope,
      int deliveryCount,
      String payloadHash,
      String duplicateOf,
      LocalDateTime receivedAt,
      LocalDateTime processedAt,
      int processingVersion) {
    return new InboxEntry(
        consumer,
        envelope,
        deliveryCount,
        payloadHash,
        null,
        Objects.requireNonNull(duplicateOf, "duplicateOf"),
        receivedAt,
        processedAt,
        processingVersion);
  }

  /**
   * The row of a message a consumer applies again under a newer processing version: it now says
   * when, by which delivery and version, and no result until the handler records one.
   */
  void reprocessed(int version, int delivery, LocalDateTime at) {
    this.processingVersion = version;
    this.deliveryCount = delivery;
    this.processedAt = Objects.requireNonNull(at, "at");
    this.resultReference = null;
  }

  /** The consumer's processing version when it wrote the row. */
  public int processingVersion() {
    return processingVersion;
  }

  /**
   * Records what the handler produced, written when the delivery's transaction commits (the row is
   * managed since its insert).
   */
  public void produced(String reference) {
    this.resultReference = reference;
  }

  /** What the handler recorded it produced, or null. */
  public String resultReference() {
    return resultReference;
  }

  public String consumerName() {
    return consumerName;
  }

  public String messageId() {
    return messageId;
  }

  public String payloadHash() {
    return payloadHash;
  }

  public String businessKey() {
    return businessKey;
  }

  public String duplicateOf() {
    return duplicateOf;
  }

  public int deliveryCount() {
    return deliveryCount;
  }

  public String messageType() {
    return messageType;
  }

  /** The tenant the message named, or null. */
  public String tenantId() {
    return tenantId;
  }

  /** When the delivery that wrote the row began, in UTC. */
  public LocalDateTime receivedAt() {
    return receivedAt;
  }

  /** When it was processed, in UTC. */
  public LocalDateTime processedAt() {
    return processedAt;
  }
}
