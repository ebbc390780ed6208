package dev.inbox.dispatch;

import dev.inbox.spi.Envelope;

/**
 * One delivery, as dispatched: fired as a CDI event inside the delivery's transaction, so that
 * observers can act once they know whether it committed ({@code during = AFTER_SUCCESS}) or rolled
 * back ({@code AFTER_FAILURE}).
 *
 * @param envelope the message
 * @param result every consumer's verdict
 * @param redrive whether this is the first delivery of a message an operator moved back
 */
public record Delivery(Envelope envelope, DispatchResult result, boolean redrive) {}
