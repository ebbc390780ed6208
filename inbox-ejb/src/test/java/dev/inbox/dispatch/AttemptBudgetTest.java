package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class AttemptBudgetTest {

  @Test
  void theBrokerMustDeliverOftenEnoughForEveryConsumerOfATypeToUseItsAttempts() {
    AttemptBudget budget = new AttemptBudget(5, 10, "PT10S");

    assertDoesNotThrow(() -> budget.check("order.created", List.of("billing")));
    IllegalStateException refused =
        assertThrows(
            IllegalStateException.class,
            () -> budget.check("order.created", List.of("audit", "billing")));
    assertTrue(
        refused.getMessage().contains("inbox.max-attempts=5")
            && refused.getMessage().contains("inbox.broker.max-delivery-attempts=10")
            && refused.getMessage().contains("may need 11 deliveries")
            && refused.getMessage().contains("lower inbox.max-attempts to 4"),
        refused.getMessage());
  }

  @Test
  void theDefaultsCoverThreeConsumersOfAType() {
    AttemptBudget defaults =
        new AttemptBudget(
            5, Integer.parseInt(AttemptBudget.DEFAULT_BROKER_MAX_DELIVERY_ATTEMPTS), "PT10S");

    assertDoesNotThrow(() -> defaults.check("t", List.of("a", "b", "c")));
  }

  @Test
  void settingsThatCannotWorkAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new AttemptBudget(0, 20, "PT10S"));
    assertThrows(IllegalArgumentException.class, () -> new AttemptBudget(5, -1, "PT10S"));
    IllegalArgumentException delay =
        assertThrows(IllegalArgumentException.class, () -> new AttemptBudget(5, 20, "10000"));
    assertTrue(
        delay.getMessage().contains("inbox.broker.max-redelivery-delay is '10000'")
            && delay.getMessage().contains("PT10S for 10000 ms"),
        delay.getMessage());
  }
}
