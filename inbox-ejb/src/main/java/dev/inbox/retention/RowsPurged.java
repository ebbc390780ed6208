package dev.inbox.retention;

/**
 * Rows the sweeper deleted for a consumer, in one batch that committed: announced as a CDI event,
 * which the metrics count.
 */
public record RowsPurged(String consumer, long rows) {}
