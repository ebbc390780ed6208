package dev.inbox.spi;

import java.util.List;

/** What a handler knows about the delivery it is handling, beyond the message itself. */
public interface InboxContext {

  /** The consumer this delivery is handled for. */
  String consumerName();

  /**
   * A stable key to send with calls to external systems, so that they can deduplicate too. It is
   * derived from the consumer name and the message id, is the same on every redelivery and redrive,
   * and is 36 characters long. {@link IdempotencyKeyHeader} sends it with a Jakarta REST client's
   * requests; {@link BrokerDuplicates} sets it on a message the handler sends.
   */
  String idempotencyKey();

  /**
   * A stable key for one of several calls a handler makes for a message (two calls to the same
   * system, say {@code "reserve"} and {@code "charge"}): derived from the consumer name, the
   * message id and the purpose, the same on every delivery, 36 characters long.
   */
  String idempotencyKey(String purpose);

  /** How many times the broker has delivered this message, 1 on the first delivery. */
  int deliveryCount();

  /**
   * Records what handling this message produced (the id of a record it created, an external
   * reference), at most {@link Limits#RESULT_REFERENCE} characters (a longer one is cut, with a
   * warning). It is written on the inbox row when the delivery commits, so that "what did this
   * message do" has an answer in the table, and a duplicate's delivery names it. The last call
   * wins.
   */
  void recordResult(String reference);

  /**
   * Reports an external call whose outcome is unknown: the request left and its answer did not come
   * (a timeout, a connection reset, a gateway error). The report is written at once, in a
   * transaction of its own, so that it outlasts this delivery's rollback; it is logged and counted.
   * A later delivery of the message to this consumer reads it from {@link #uncertainEffects()} and
   * can ask the target before calling again.
   *
   * <p>A second report of the same target and key adds to the first. When the report cannot be
   * written (the database is away), this method throws, and the delivery fails and is redelivered:
   * it never commits with an uncertainty that was not recorded. Each report borrows a second
   * connection of the pool for its own transaction.
   *
   * @param target what was called, for the operator and the next delivery (for example {@code "POST
   *     payments/charges"}), at most {@link Limits#EFFECT_TARGET} characters (a longer one is cut)
   * @param idempotencyKey the key the call was sent with, usually {@link #idempotencyKey()}; one
   *     longer than {@link Limits#IDEMPOTENCY_KEY} characters is kept as {@code sha256:} and its
   *     hash
   * @param detail what happened, for the operator (the error, the status), cut to {@link
   *     Limits#ERROR} characters
   */
  void reportUncertainEffect(String target, String idempotencyKey, String detail);

  /**
   * The uncertain effects reported for this message and consumer by earlier deliveries, and not yet
   * settled, oldest first; empty on a first delivery. This delivery's own reports are not among
   * them. Reading them settles them when this delivery commits: the handler that read them is taken
   * to have reconciled them (asked the target, called again or not). When the delivery rolls back
   * they stay as they were.
   */
  List<UncertainEffect> uncertainEffects();
}
