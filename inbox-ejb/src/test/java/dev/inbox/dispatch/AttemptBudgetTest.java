package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class AttemptBudgetTest {

  @Test
  void theBrokerMustDeliverOftenEnoughForEveryConsumerOfATypeToUseItsAttempts() {
    AttemptBudget budget = new AttemptBudget(5, 10);

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
        new AttemptBudget(5, Integer.parseInt(AttemptBudget.DEFAULT_BROKER_MAX_DELIVERY_ATTEMPTS));

    assertDoesNotThrow(() -> defaults.check("t", List.of("a", "b", "c")));
  }

  @Test
  void settingsThatCannotWorkAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new AttemptBudget(0, 20));
    assertThrows(IllegalArgumentException.class, () -> new AttemptBudget(5, -1));
  }
}
