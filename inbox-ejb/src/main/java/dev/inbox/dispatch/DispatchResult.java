package dev.inbox.dispatch;

import java.util.List;

/** Every consumer's verdict on one delivery. */
public record DispatchResult(List<Verdict> verdicts) {

  public DispatchResult {
    verdicts = List.copyOf(verdicts);
  }

  /** Whether the delivery's transaction must roll back. */
  public boolean rollsBack() {
    return verdicts.stream().anyMatch(verdict -> verdict.outcome().rollsBack());
  }
}
