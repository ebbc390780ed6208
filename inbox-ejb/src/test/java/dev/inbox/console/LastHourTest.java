package dev.inbox.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.dispatch.Delivery;
import dev.inbox.dispatch.DeliveryEnded;
import dev.inbox.dispatch.Outcome;
import dev.inbox.dispatch.Redrive;
import dev.inbox.dispatch.Verdict;
import dev.inbox.spi.QuarantineReason;
import dev.inbox.store.FailureKind;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class LastHourTest {

  private static final Delivery DELIVERY =
      new Delivery("evt-1", "order.created", 1, null, "InboxQueue", Redrive.NONE);

  private final MovingClock clock = new MovingClock(Instant.parse("2026-12-04T10:00:30Z"));
  private final LastHour lastHour = new LastHour(clock);

  @Test
  void eachOutcomeCountsInItsMinuteAsTheMetricsCountIt() {
    ended(
        DeliveryEnded.Ending.COMMITTED,
        verdict(Outcome.APPLIED, null),
        verdict(Outcome.DUPLICATE, null));
    ended(DeliveryEnded.Ending.COMMITTED, verdict(Outcome.QUARANTINED, QuarantineReason.REJECTED));
    ended(DeliveryEnded.Ending.ROLLED_BACK, verdict(Outcome.FAILED, null));
    ended(DeliveryEnded.Ending.ROLLED_BACK, verdict(Outcome.CONFLICT, null));
    clock.move(Duration.ofMinutes(1));
    ended(DeliveryEnded.Ending.COMMITTED, verdict(Outcome.SEMANTIC_DUPLICATE, null));
    ended(
        DeliveryEnded.Ending.COMMIT_FAILED,
        verdict(Outcome.APPLIED, null),
        verdict(Outcome.APPLIED, null));

    List<LastHour.Minute> minutes = lastHour.minutes();

    assertEquals(LastHour.MINUTES, minutes.size());
    assertEquals(
        new LastHour.Minute(Instant.parse("2026-12-04T10:00:00Z"), 1, 1, 1, 1),
        minutes.get(LastHour.MINUTES - 2));
    assertEquals(
        new LastHour.Minute(Instant.parse("2026-12-04T10:01:00Z"), 0, 1, 0, 1),
        minutes.get(LastHour.MINUTES - 1),
        "a commit that failed is one failure, not two applied");
  }

  @Test
  void aMinuteOlderThanAnHourIsForgottenAndItsSlotStartsEmpty() {
    ended(DeliveryEnded.Ending.COMMITTED, verdict(Outcome.APPLIED, null));
    clock.move(Duration.ofMinutes(LastHour.MINUTES));
    ended(DeliveryEnded.Ending.COMMITTED, verdict(Outcome.DUPLICATE, null));

    List<LastHour.Minute> minutes = lastHour.minutes();

    assertEquals(Instant.parse("2026-12-04T10:01:00Z"), minutes.get(0).start());
    assertEquals(0, minutes.stream().mapToLong(LastHour.Minute::applied).sum());
    assertEquals(
        new LastHour.Minute(Instant.parse("2026-12-04T11:00:00Z"), 0, 1, 0, 0),
        minutes.get(LastHour.MINUTES - 1));
  }

  private void ended(DeliveryEnded.Ending ending, Verdict... verdicts) {
    lastHour.ended(new DeliveryEnded(DELIVERY, List.of(verdicts), ending));
  }

  private static Verdict verdict(Outcome outcome, QuarantineReason reason) {
    FailureKind failure = outcome == Outcome.FAILED ? FailureKind.TRANSIENT : null;
    return new Verdict("billing", outcome, reason, failure, false, null, null, null, 0, null);
  }

  /** A clock that stands still until moved. */
  private static final class MovingClock extends Clock {
    private Instant now;

    MovingClock(Instant now) {
      this.now = now;
    }

    void move(Duration by) {
      now = now.plus(by);
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
