package dev.inbox.dispatch;

/**
 * Whether an operator moved a message back to the inbox queue, and from where. A redriven message
 * gets all its attempts again; one from quarantine, which an operator has looked at, is not held
 * against the retention watermark again.
 */
public enum Redrive {
  /** A producer's message, as sent. */
  NONE,
  /** A copy the inbox quarantined, moved back: it carries the inbox's seal, and it verified. */
  FROM_QUARANTINE,
  /** A message the broker dead-lettered, moved back. */
  FROM_DEAD_LETTERS
}
