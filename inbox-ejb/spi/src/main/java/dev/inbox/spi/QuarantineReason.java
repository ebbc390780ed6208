package dev.inbox.spi;

import java.util.Arrays;
import java.util.Optional;

/**
 * Why a message was quarantined. The code is what the {@link QuarantineProperties#REASON} property
 * of the quarantined copy carries.
 */
public enum QuarantineReason {
  /** Neither the message-id property nor a CloudEvents {@code ce_source} and {@code ce_id}. */
  MISSING_IDENTITY("missing-identity"),
  /**
   * An identity the inbox cannot store as it is: longer than the table holds, with a control
   * character or a lone surrogate, or a CloudEvents source with a space.
   */
  INVALID_IDENTITY("invalid-identity"),
  /** Neither the type property nor a CloudEvents {@code ce_type}. */
  MISSING_TYPE("missing-type"),
  /**
   * A type, contract version or tenant the inbox cannot store as it is: too long, or with a control
   * character or a lone surrogate.
   */
  INVALID_PROPERTY("invalid-property"),
  /** A type that no deployed consumer handles. */
  UNKNOWN_TYPE("unknown-type"),
  /** A body that is neither text nor bytes (a map, an object, a stream, or none). */
  UNSUPPORTED_BODY("unsupported-body"),
  /** A body larger than {@code inbox.max-body-bytes}. */
  BODY_TOO_LARGE("body-too-large"),
  /**
   * A body that cannot be read as what it claims to be, or cannot be fingerprinted: text that is
   * not well-formed Unicode, JSON with a member named twice, nested too deep, or a number out of
   * range.
   */
  UNREADABLE_BODY("unreadable-body"),
  /**
   * A redriven copy that the quarantine kept without its body ({@code
   * inbox.quarantine.keep-body=false}): it cannot be applied.
   */
  BODY_NOT_KEPT("body-not-kept"),
  /** A contract version this consumer does not declare. */
  UNSUPPORTED_CONTRACT_VERSION("unsupported-contract-version"),
  /** An identity already recorded for this consumer with a different payload. */
  PAYLOAD_MISMATCH("payload-mismatch"),
  /** The handler rejected it (a permanent failure): it will never apply. */
  REJECTED("rejected"),
  /** The handler failed on every attempt up to {@code inbox.max-attempts}. */
  RETRIES_EXHAUSTED("retries-exhausted"),
  /**
   * No row, and older than what retention has deleted for the consumer: possibly a redelivery of a
   * purged key ({@code inbox.late-delivery-policy=quarantine}).
   */
  LATE_DELIVERY("late-delivery");

  private final String code;

  QuarantineReason(String code) {
    this.code = code;
  }

  public String code() {
    return code;
  }

  /** The reason with this code, if there is one. */
  public static Optional<QuarantineReason> ofCode(String code) {
    return Arrays.stream(values()).filter(reason -> reason.code.equals(code)).findFirst();
  }

  /** Whether a consumer quarantines for this reason, rather than the message as a whole. */
  public boolean concernsOneConsumer() {
    return switch (this) {
      case UNSUPPORTED_CONTRACT_VERSION,
          PAYLOAD_MISMATCH,
          REJECTED,
          RETRIES_EXHAUSTED,
          LATE_DELIVERY ->
          true;
      default -> false;
    };
  }

  /** A sentence for the operator who finds the message in quarantine. */
  public String describe(Envelope envelope) {
    return switch (this) {
      case MISSING_IDENTITY ->
          "no message id: set the configured id property (inbox.message-id-property) or the"
              + " CloudEvents ce_source and ce_id";
      case INVALID_IDENTITY ->
          "message id is %d characters long; at most %d fit"
              .formatted(envelope.messageId().length(), Limits.MESSAGE_ID);
      case MISSING_TYPE ->
          "no message type: set the configured type property (inbox.type-property) or ce_type";
      case INVALID_PROPERTY ->
          "type, contract version or tenant too long: at most %d, %d and %d characters fit"
              .formatted(Limits.TYPE, Limits.CONTRACT_VERSION, Limits.TENANT);
      case UNKNOWN_TYPE ->
          "no consumer handles type '%s': deploy a handler for it, or redrive after fixing the type"
              .formatted(envelope.type());
      case UNSUPPORTED_BODY -> "body is neither text nor bytes";
      case BODY_TOO_LARGE -> "body larger than inbox.max-body-bytes";
      case UNREADABLE_BODY -> "body cannot be read or fingerprinted";
      case BODY_NOT_KEPT ->
          "the quarantine kept this message without its body (inbox.quarantine.keep-body=false):"
              + " it cannot be applied; have the producer send it again";
      case UNSUPPORTED_CONTRACT_VERSION ->
          "contract version '%s' is not one this consumer declares"
              .formatted(envelope.contractVersion());
      case PAYLOAD_MISMATCH -> "same message id, different payload";
      case REJECTED -> "the handler rejected it";
      case RETRIES_EXHAUSTED -> "the handler failed on every attempt";
      case LATE_DELIVERY ->
          "sent at %s, before the newest row retention has deleted for this consumer: it may be a"
                  .formatted(envelope.producedAt())
              + " redelivery of a purged message; check that it was not applied, then redrive";
    };
  }
}
