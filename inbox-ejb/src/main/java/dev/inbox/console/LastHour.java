package dev.inbox.console;

import dev.inbox.dispatch.DeliveryEnded;
import dev.inbox.dispatch.Outcome;
import dev.inbox.dispatch.Verdict;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What this server's consumers did in each of the last sixty minutes, for the console's chart:
 * counted as the metrics count them (applied, duplicates and quarantined when the delivery
 * committed, failures when it rolled back, and a delivery whose commit failed), in memory, so a
 * restart starts an empty hour. Each node of a cluster counts its own deliveries.
 */
@ApplicationScoped
public class LastHour {

  /** The minutes kept. */
  static final int MINUTES = 60;

  /**
   * One minute's counts.
   *
   * @param start the minute's first instant
   * @param applied consumers' handlers that applied a message
   * @param duplicates copies consumers had applied before (by id, or by business key)
   * @param quarantined copies quarantined, for a consumer or as a whole
   * @param failed handlers' failures, and deliveries whose commit failed: rolled back for the
   *     broker to deliver again
   */
  public record Minute(
      Instant start, long applied, long duplicates, long quarantined, long failed) {}

  private enum Count {
    APPLIED,
    DUPLICATES,
    QUARANTINED,
    FAILED
  }

  private final Clock clock;

  /** The counts of each minute, at the slot of its epoch minute modulo {@link #MINUTES}. */
  private final long[][] counts = new long[MINUTES][Count.values().length];

  /** The epoch minute each slot's counts belong to. */
  private final long[] minuteOfSlot = new long[MINUTES];

  @Inject
  LastHour(Clock clock) {
    this.clock = clock;
  }

  /** For the CDI proxy. */
  protected LastHour() {
    this(null);
  }

  void ended(@Observes DeliveryEnded ended) {
    if (ended.ending() == DeliveryEnded.Ending.COMMIT_FAILED) {
      // The inbox decided to commit and the commit failed: the broker delivers it again.
      add(Count.FAILED);
      return;
    }
    for (Verdict verdict : ended.verdicts()) {
      Count count = countOf(verdict, ended.ending() == DeliveryEnded.Ending.COMMITTED);
      if (count != null) {
        add(count);
      }
    }
  }

  /** The last sixty minutes, oldest first, this one last; a minute without deliveries counts 0. */
  public synchronized List<Minute> minutes() {
    long now = epochMinute();
    List<Minute> minutes = new ArrayList<>(MINUTES);
    for (long minute = now - MINUTES + 1; minute <= now; minute++) {
      int slot = (int) (minute % MINUTES);
      long[] of = minuteOfSlot[slot] == minute ? counts[slot] : new long[Count.values().length];
      minutes.add(
          new Minute(
              Instant.ofEpochSecond(minute * 60),
              of[Count.APPLIED.ordinal()],
              of[Count.DUPLICATES.ordinal()],
              of[Count.QUARANTINED.ordinal()],
              of[Count.FAILED.ordinal()]));
    }
    return minutes;
  }

  private synchronized void add(Count count) {
    long minute = epochMinute();
    int slot = (int) (minute % MINUTES);
    if (minuteOfSlot[slot] != minute) {
      minuteOfSlot[slot] = minute;
      Arrays.fill(counts[slot], 0);
    }
    counts[slot][count.ordinal()]++;
  }

  private static Count countOf(Verdict verdict, boolean committed) {
    if (!committed) {
      return verdict.outcome() == Outcome.FAILED ? Count.FAILED : null;
    }
    if (verdict.reason() != null) {
      return Count.QUARANTINED;
    }
    return switch (verdict.outcome()) {
      case APPLIED -> Count.APPLIED;
      case DUPLICATE, SEMANTIC_DUPLICATE, CONTENT_DUPLICATE -> Count.DUPLICATES;
      default -> null;
    };
  }

  private long epochMinute() {
    return clock.instant().truncatedTo(ChronoUnit.MINUTES).getEpochSecond() / 60;
  }
}
