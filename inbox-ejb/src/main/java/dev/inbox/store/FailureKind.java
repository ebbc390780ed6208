package dev.inbox.store;

/** Whether a failed attempt may succeed if the message is delivered again. */
public enum FailureKind {
  /** It may: the handler is called again on the next delivery, up to the attempt limit. */
  TRANSIENT,
  /** It never will: the next delivery quarantines the message without calling the handler. */
  PERMANENT
}
