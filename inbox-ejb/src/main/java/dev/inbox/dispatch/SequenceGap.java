package dev.inbox.dispatch;

/**
 * A store-then-process key moved on past numbers that never came, after waiting {@code
 * inbox.store-then-process.gap-timeout} for them: fired in the processing's transaction, observed
 * after its commit.
 *
 * @param expected the first number that never came
 * @param sequence the number of the message processed in its stead
 */
public record SequenceGap(String consumer, String orderingKey, long expected, long sequence) {}
