package dev.inbox.dispatch;

/** What happens to a message whose type no deployed consumer handles. */
public enum UnknownTypePolicy {
  /** Quarantine it with reason {@code unknown-type}: nothing is dropped unseen. The default. */
  QUARANTINE,
  /** Acknowledge it without recording it, for queues that carry types this module does not own. */
  IGNORE
}
