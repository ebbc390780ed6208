package dev.inbox.spi;

import java.time.Instant;

/**
 * An external effect an earlier delivery reported as uncertain ({@link
 * InboxContext#reportUncertainEffect}): the call may have taken effect, and nobody knows.
 *
 * @param target what was called
 * @param idempotencyKey the key the call was sent with: ask the target whether it knows it
 * @param detail what the reporting delivery saw
 * @param reports how many times it was reported
 * @param firstReported when it was first reported
 * @param lastReported when it was last reported
 * @param lastDelivery the delivery count of the delivery that last reported it
 */
public record UncertainEffect(
    String target,
    String idempotencyKey,
    String detail,
    int reports,
    Instant firstReported,
    Instant lastReported,
    int lastDelivery) {}
