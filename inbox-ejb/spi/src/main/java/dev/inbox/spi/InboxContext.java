package dev.inbox.spi;

/** What a handler knows about the delivery it is handling, beyond the message itself. */
public interface InboxContext {

  /** The consumer this delivery is handled for. */
  String consumerName();

  /**
   * A stable key to send with calls to external systems, so that they can deduplicate too. It is
   * derived from the consumer name and the message id, is the same on every redelivery, and is at
   * most 36 characters long.
   */
  String idempotencyKey();

  /** How many times the broker has delivered this message, 1 on the first delivery. */
  int deliveryCount();

  /**
   * Reports an external call whose outcome is unknown (a timeout after the request left), so that
   * operators can reconcile it. The delivery goes on; the report is logged and counted.
   */
  void reportUncertainEffect(String description);
}
