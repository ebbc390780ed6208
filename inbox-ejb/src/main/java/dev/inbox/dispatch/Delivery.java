package dev.inbox.dispatch;

import java.time.Instant;

/**
 * How a message came: what it says of itself, as read (an identity or a type may be missing or
 * unfit), and how the broker delivered it. What a log line, a counter and a quarantined copy need,
 * whatever becomes of the message.
 *
 * @param messageId the identity as read, or null
 * @param type the type as read, or null
 * @param deliveryCount how many times the broker has delivered it, 1 on the first delivery
 * @param producedAt when the producer sent it, or null when it was not set
 * @param destination the name of the queue it was received from
 * @param redrive whether an operator moved it back, and from where
 * @param fromStore whether the store-then-process workers took it from the inbox's table, the
 *     delivery count then being the attempt: the broker delivered it before, and it is not counted
 *     as received again
 */
public record Delivery(
    String messageId,
    String type,
    int deliveryCount,
    Instant producedAt,
    String destination,
    Redrive redrive,
    boolean fromStore) {

  /** A delivery by the broker. */
  public Delivery(
      String messageId,
      String type,
      int deliveryCount,
      Instant producedAt,
      String destination,
      Redrive redrive) {
    this(messageId, type, deliveryCount, producedAt, destination, redrive, false);
  }

  /**
   * Whether this is the first delivery of a message an operator moved back: only then does the
   * redrive give every consumer all its attempts again, so that one that fails again is still given
   * up on.
   */
  public boolean redriven() {
    return redrive != Redrive.NONE && deliveryCount == 1;
  }
}
