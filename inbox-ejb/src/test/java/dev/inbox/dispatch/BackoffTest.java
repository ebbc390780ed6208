package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {

  private final Backoff backoff = new Backoff("PT1S", "PT5S");

  @Test
  void eachWaitIsBetweenHalfAndAllOfADelayThatDoublesUpToTheLongest() {
    for (int i = 0; i < 200; i++) {
      assertBetween(500, 1000, backoff.after(1));
      assertBetween(1000, 2000, backoff.after(2));
      assertBetween(2000, 4000, backoff.after(3));
      assertBetween(2500, 5000, backoff.after(4));
      assertBetween(2500, 5000, backoff.after(40));
    }
  }

  @Test
  void aDelayThatIsNotAPositiveDurationIsRefusedNamingItsKey() {
    IllegalArgumentException refused =
        assertThrows(IllegalArgumentException.class, () -> new Backoff("0s", "PT5M"));

    assertTrue(
        refused.getMessage().contains("inbox.store-then-process.retry-delay"),
        refused.getMessage());
  }

  private static void assertBetween(long fromMillis, long toMillis, Duration wait) {
    assertTrue(
        wait.toMillis() >= fromMillis && wait.toMillis() <= toMillis,
        () -> wait + " is not between " + fromMillis + " and " + toMillis + " ms");
  }
}
