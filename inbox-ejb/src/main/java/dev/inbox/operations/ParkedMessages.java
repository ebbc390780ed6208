package dev.inbox.operations;

import dev.inbox.store.PendingMessage;
import dev.inbox.store.PendingMessages;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Releases the messages that store-then-process consumers parked: a message that failed every
 * attempt holds the later messages of its ordering key until an operator has looked at it (its copy
 * is in the quarantine, with the last error) and releases it. Its key then flows again without it;
 * the message itself is not applied.
 *
 * <p>A session bean, so that it runs in the inbox's module whoever calls it, as {@link
 * Reprocessing} does.
 */
@Stateless
public class ParkedMessages {

  private static final Logger LOG = Logger.getLogger(ParkedMessages.class.getName());

  @Inject private PendingMessages pending;
  @Inject private Clock clock;

  /**
   * Releases a parked message.
   *
   * @param releasedBy who releases it, for the log
   * @param reason why, for the log
   * @return whether it was parked (false for a message that is not, or no longer)
   */
  public boolean release(String consumer, String messageId, String releasedBy, String reason) {
    boolean released = pending.release(consumer, messageId, LocalDateTime.now(clock));
    LOG.info(
        () ->
            "%s %s parked message %s of consumer %s: %s"
                .formatted(
                    releasedBy, released ? "released" : "found no", messageId, consumer, reason));
    return released;
  }

  /** Where a stored message of a consumer stands; empty when the consumer never stored it. */
  public Optional<PendingMessage.State> state(String consumer, String messageId) {
    return pending.find(consumer, messageId).map(PendingMessage::state);
  }
}
