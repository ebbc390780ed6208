package dev.inbox.retention;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SweeperTest {

  private static final Instant NOW = Instant.parse("2026-12-03T12:00:00Z");
  private static final Duration INTERVAL = Duration.ofMinutes(1);

  @Test
  void sweepsKeepUpUntilThreeIntervalsHavePassedWithoutOne() {
    assertTrue(Sweeper.keepsUp(NOW.minusSeconds(30), INTERVAL, NOW));
    assertTrue(Sweeper.keepsUp(NOW.minus(INTERVAL.multipliedBy(3)), INTERVAL, NOW));
  }

  @Test
  void moreThanThreeIntervalsWithoutASweepIsFallingBehind() {
    assertFalse(
        Sweeper.keepsUp(NOW.minus(INTERVAL.multipliedBy(3)).minusSeconds(1), INTERVAL, NOW));
  }
}
