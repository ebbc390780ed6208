package dev.inbox.console;

import java.time.LocalDateTime;
import java.util.List;

/**
 * What a message quarantined as a {@code payload-mismatch} collided with: the message its consumer
 * applied under the same id, with another body.
 *
 * @param fingerprint the quarantined body's fingerprint, or null when the copy carries none (it was
 *     quarantined by a version before 0.2.0)
 * @param appliedFingerprint the applied body's fingerprint, or null when the consumer's row is gone
 *     (retention deleted it, or an operator had it reprocessed)
 * @param appliedAt when the consumer applied it (UTC), or null
 * @param appliedBodyKept whether the applied body is kept ({@code
 *     inbox.console.keep-applied-bodies})
 * @param appliedBody the applied body (bytes in Base64), only for role {@code inbox-payload-reader}
 *     and only when kept
 * @param changes what turns the applied body into the quarantined one, as JSON Patch operations
 *     (RFC 6902, at most 200), when both bodies are JSON small enough to compare; otherwise null
 * @param note what can be compared, in a sentence
 */
public record Collision(
    String fingerprint,
    String appliedFingerprint,
    LocalDateTime appliedAt,
    boolean appliedBodyKept,
    String appliedBody,
    List<Change> changes,
    String note) {

  /**
   * One operation of the difference.
   *
   * @param op {@code add}, {@code remove}, {@code replace} (JSON Patch's operations)
   * @param path where, as a JSON Pointer ({@code /order/amount}), only for role {@code
   *     inbox-payload-reader}: a member's name may be data
   * @param value the quarantined body's value there, only for that role
   */
  public record Change(String op, String path, String value) {}
}
