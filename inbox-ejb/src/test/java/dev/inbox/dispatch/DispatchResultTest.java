package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DispatchResultTest {

  @Test
  void aDeliveryRollsBackWhenAnyConsumerLostARaceOrFailed() {
    assertTrue(
        new DispatchResult(
                List.of(Verdict.of("a", Outcome.APPLIED), Verdict.of("b", Outcome.CONFLICT)))
            .rollsBack());
    assertTrue(new DispatchResult(List.of(Verdict.of("a", Outcome.FAILED))).rollsBack());
  }

  @Test
  void quarantinedAndDuplicateDeliveriesCommitSoTheBrokerForgetsThem() {
    for (Outcome outcome :
        List.of(
            Outcome.APPLIED,
            Outcome.DUPLICATE,
            Outcome.SEMANTIC_DUPLICATE,
            Outcome.COLLISION,
            Outcome.INVALID,
            Outcome.IGNORED)) {
      assertFalse(
          new DispatchResult(List.of(Verdict.of("a", outcome))).rollsBack(), outcome.name());
    }
  }
}
