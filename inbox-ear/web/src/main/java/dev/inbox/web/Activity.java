package dev.inbox.web;

import dev.inbox.console.LastHour;
import java.time.Instant;
import java.util.List;

/**
 * The console's counters: the gauges as the metrics' background refresh last read them, and what
 * this server's consumers did in each minute of the last hour.
 *
 * @param countedAt when the gauges were last all read, or null before
 * @param backlog messages waiting on the inbox queue
 * @param quarantined messages waiting in the quarantine
 * @param deadLetters messages waiting in the dead-letter queue
 * @param failureLedger entries in the failure ledger: messages some handler failed on, kept for
 *     {@code inbox.retention.failure-ledger} whatever became of them
 * @param lastHour the last sixty minutes, oldest first
 */
public record Activity(
    Instant countedAt,
    long backlog,
    long quarantined,
    long deadLetters,
    long failureLedger,
    List<LastHour.Minute> lastHour) {}
