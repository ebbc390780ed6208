package dev.inbox.dispatch;

import java.time.Instant;

/**
 * A consumer's row, as a later delivery finds it: the message it recorded, that message's payload
 * fingerprint, when it was processed, and what it produced. A duplicate names it, in its log line
 * and its span, as the processing it repeats.
 *
 * @param messageId the message the row records
 * @param fingerprint the fingerprint of that message's payload
 * @param at when that message was processed
 * @param result what its handler recorded it produced, or null
 * @param processingVersion the consumer's processing version when it wrote the row
 * @param semanticDuplicate whether the row records a semantic duplicate, never applied
 */
public record Recorded(
    String messageId,
    String fingerprint,
    Instant at,
    String result,
    int processingVersion,
    boolean semanticDuplicate) {

  /** A row of an applied message, written under processing version 1. */
  public Recorded(String messageId, String fingerprint, Instant at, String result) {
    this(messageId, fingerprint, at, result, 1, false);
  }
}
