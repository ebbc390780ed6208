package dev.inbox.metrics;

import dev.inbox.store.PendingMessages;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Map;

/**
 * What the gauges show, as the background refresh last read it.
 *
 * @param takenAt when it was last read in full (every queue counted), or null before
 * @param rows inbox rows per consumer
 * @param oldest the oldest row's processed_at per consumer (UTC)
 * @param failureLedgerRows entries in the failure ledger
 * @param quarantineDepth messages on the quarantine queue
 * @param inboxQueueDepth messages on the inbox queue: the backlog
 * @param deadLetterDepth messages on the dead-letter queue
 * @param unsettledEffects uncertain external effects not settled, per consumer
 */
public record Snapshot(
    Instant takenAt,
    Map<String, Long> rows,
    Map<String, LocalDateTime> oldest,
    long failureLedgerRows,
    long quarantineDepth,
    long inboxQueueDepth,
    long deadLetterDepth,
    Map<String, Long> unsettledEffects,
    Map<String, PendingMessages.Backlog> backlogs) {

  static final Snapshot EMPTY =
      new Snapshot(null, Map.of(), Map.of(), 0, 0, 0, 0, Map.of(), Map.of());

  public Snapshot {
    rows = Map.copyOf(rows);
    oldest = Map.copyOf(oldest);
    unsettledEffects = Map.copyOf(unsettledEffects);
    backlogs = Map.copyOf(backlogs);
  }
}
