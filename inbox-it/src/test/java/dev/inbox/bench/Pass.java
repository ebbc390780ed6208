package dev.inbox.bench;

import java.util.Optional;

/**
 * A measured pass of one path.
 *
 * @param perSecond messages (for the database's ceiling, transactions) per second
 * @param usage what each cost, where the pass measured it
 */
record Pass(double perSecond, Optional<Usage> usage) {

  Pass(double perSecond, Usage usage) {
    this(perSecond, Optional.of(usage));
  }

  /** A pass whose rate alone is recorded. */
  static Pass rateOnly(double perSecond) {
    return new Pass(perSecond, Optional.empty());
  }
}
