package dev.inbox.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Lob;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.LocalDateTime;
import java.util.Objects;

/** A row of {@code inbox_idempotency}: one idempotent HTTP request by its key. */
@Entity
@IdClass(IdempotencyRecord.Key.class)
@Table(name = "inbox_idempotency")
class IdempotencyRecord {

  @Id
  @Column(
      name = "tenant",
      length = IdempotentRequests.MAX_TENANT,
      nullable = false,
      updatable = false)
  private String tenant;

  @Id
  @Column(
      name = "operation",
      length = IdempotentRequests.MAX_OPERATION,
      nullable = false,
      updatable = false)
  private String operation;

  @Id
  @Column(
      name = "idempotency_key",
      length = IdempotentRequests.MAX_KEY,
      nullable = false,
      updatable = false)
  private String idempotencyKey;

  @Column(name = "fingerprint", length = 64, nullable = false)
  private String fingerprint;

  @Column(name = "state", length = 20, nullable = false)
  private String state;

  @Column(name = "attempt", nullable = false)
  private int attempt;

  @Column(name = "started_at", nullable = false)
  private LocalDateTime startedAt;

  @Column(name = "completed_at")
  private LocalDateTime completedAt;

  @Column(name = "expires_at", nullable = false)
  private LocalDateTime expiresAt;

  @Column(name = "response_status")
  private Integer responseStatus;

  @Column(name = "response_headers", length = 4000)
  private String responseHeaders;

  @Lob
  @Column(name = "response_body")
  private String responseBody;

  /** For JPA. */
  protected IdempotencyRecord() {}

  IdempotencyRecord(
      IdempotentRequests.Key key, String fingerprint, LocalDateTime now, LocalDateTime expiresAt) {
    this.tenant = key.tenant();
    this.operation = key.operation();
    this.idempotencyKey = key.key();
    this.attempt = 1;
    claim(fingerprint, now, expiresAt);
  }

  /** Held anew by the next attempt: pending, with the request it runs for. */
  void claim(String fingerprint, LocalDateTime now, LocalDateTime expiresAt) {
    this.fingerprint = fingerprint;
    this.state = IdempotentRequests.State.PENDING.name();
    this.startedAt = now;
    this.expiresAt = expiresAt;
    this.completedAt = null;
    this.responseStatus = null;
    this.responseHeaders = null;
    this.responseBody = null;
  }

  void retake(String fingerprint, LocalDateTime now, LocalDateTime expiresAt) {
    attempt++;
    claim(fingerprint, now, expiresAt);
  }

  void complete(IdempotentRequests.Stored response, LocalDateTime now) {
    this.state = IdempotentRequests.State.COMPLETED.name();
    this.completedAt = now;
    this.responseStatus = response.status();
    this.responseHeaders = response.headers();
    this.responseBody = response.body();
  }

  void fail(LocalDateTime now) {
    this.state = IdempotentRequests.State.FAILED.name();
    this.completedAt = now;
  }

  int attempt() {
    return attempt;
  }

  IdempotentRequests.State state() {
    return IdempotentRequests.State.valueOf(state);
  }

  IdempotentRequests.Held held() {
    return new IdempotentRequests.Held(
        fingerprint,
        state(),
        attempt,
        startedAt,
        expiresAt,
        responseStatus == null
            ? null
            : new IdempotentRequests.Stored(responseStatus, responseHeaders, responseBody));
  }

  /** The primary key: tenant, operation and the client's key. */
  public static class Key implements Serializable {

    private static final long serialVersionUID = 1L;

    private String tenant;
    private String operation;
    private String idempotencyKey;

    /** For JPA. */
    public Key() {}

    Key(IdempotentRequests.Key key) {
      this.tenant = key.tenant();
      this.operation = key.operation();
      this.idempotencyKey = key.key();
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Key that
          && tenant.equals(that.tenant)
          && operation.equals(that.operation)
          && idempotencyKey.equals(that.idempotencyKey);
    }

    @Override
    public int hashCode() {
      return Objects.hash(tenant, operation, idempotencyKey);
    }
  }
}
