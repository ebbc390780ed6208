package dev.inbox.spi;

/**
 * The properties the inbox writes on a copy it quarantines, beside every property the producer
 * sent: why, for which consumer, from where, and the identity it read. They count only on a copy
 * whose seal verifies ({@link #SEAL}): on any other message they are a producer's properties like
 * any other, so a producer cannot make a message look quarantined or redriven.
 */
public final class QuarantineProperties {

  /** The prefix of the inbox's own properties; a copy loses any earlier ones. */
  public static final String PREFIX = "inbox_";

  /** Why the message was quarantined: a {@link QuarantineReason#code() reason code}. */
  public static final String REASON = "inbox_reason";

  /** The consumer that quarantined it, when one did. */
  public static final String CONSUMER = "inbox_consumer";

  /** A sentence for the operator, at most {@link Limits#ERROR} characters. */
  public static final String ERROR = "inbox_error";

  /**
   * The class of the exception the handler last threw, when its failures gave the message up: the
   * console groups failures by it.
   */
  public static final String ERROR_TYPE = "inbox_error_type";

  /** The first frame of that exception's stack: where it was thrown. */
  public static final String ERROR_FRAME = "inbox_error_frame";

  /**
   * The fingerprint of its body, as the inbox compares bodies under one id, when it read the body:
   * for a {@code payload-mismatch}, the console shows it beside the applied message's.
   */
  public static final String FINGERPRINT = "inbox_fingerprint";

  /** The queue it was received from, where a redrive sends it back. */
  public static final String ORIGINAL_DESTINATION = "inbox_original_destination";

  /** The broker's delivery count when it was quarantined. */
  public static final String DELIVERY_COUNT = "inbox_delivery_count";

  /**
   * When the producer sent it (epoch milliseconds): the send to quarantine gives the copy a new JMS
   * timestamp, and the inbox reads this one instead.
   */
  public static final String PRODUCED_AT = "inbox_produced_at";

  /**
   * The identity the inbox read from the original. It survives where the identity itself does not:
   * the send to quarantine gives the copy a new {@code JMSMessageID}.
   */
  public static final String MESSAGE_ID = "inbox_message_id";

  /** Whether the copy carries the original body ({@code inbox.quarantine.keep-body}). */
  public static final String BODY_KEPT = "inbox_body_kept";

  /** The seal over the inbox's properties: an HMAC under a key the inbox's nodes share. */
  public static final String SEAL = "inbox_seal";

  private QuarantineProperties() {}
}
