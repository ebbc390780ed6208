package dev.inbox.console;

import dev.inbox.spi.Limits;
import dev.inbox.store.ConsoleActions;
import dev.inbox.store.PendingMessage;
import dev.inbox.store.PendingMessages;
import jakarta.ejb.ApplicationException;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The console's view of parked store-then-process messages, and their release by an operator:
 * audited as the held queues' actions are, under an id of the caller's, so that a release asked
 * again is answered from the audit. Releasing is carried out once however often it is asked: only a
 * parked message can be released.
 *
 * <p>A session bean, as {@link dev.inbox.store.MessageHistory} is, for the same reason: the
 * console's web module calls it, and on Payara a CDI bean of this module cannot reach the inbox's
 * persistence context from there. Outside any transaction: each read and write is a transaction of
 * its own, and a read after the release sees what it committed, not a copy read before it.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Parking {

  private static final Logger LOG = Logger.getLogger(Parking.class.getName());

  /** The action's name in the audit. */
  static final String RELEASE = "release";

  /** Where the audit says a release acted. */
  static final String PARKED = "parked";

  @Inject private PendingMessages pending;
  @Inject private ConsoleActions audit;
  @Inject private Clock clock;

  /**
   * A release that cannot be carried out, and why; an application exception, so that the caller
   * gets it as it is, not wrapped as a session bean's failure.
   */
  @ApplicationException
  public static class Refused extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    Refused(String reason) {
      super(reason);
    }
  }

  /**
   * A parked message, as the console lists it. Times are UTC.
   *
   * @param sequence its number within its key, or null
   * @param waiting how many messages of its key wait behind it
   */
  public record Parked(
      String consumer,
      String messageId,
      String type,
      String orderingKey,
      Long sequence,
      int attempts,
      String lastError,
      LocalDateTime receivedAt,
      long waiting) {

    static Parked of(PendingMessage message, long waiting) {
      return new Parked(
          message.consumerName(),
          message.messageId(),
          message.messageType(),
          message.orderingKey(),
          message.sequence(),
          message.attempts(),
          message.lastError(),
          message.receivedAt(),
          waiting);
    }
  }

  /** A page of parked messages, oldest first; of one consumer, or of all when it is null. */
  public List<Parked> list(String consumer, int page, int size) {
    List<PendingMessage> parked = pending.parked(consumer, page, size);
    Map<PendingMessages.ConsumerKey, Long> waiting = pending.pendingOfKeys(parked);
    return parked.stream()
        .map(
            message ->
                Parked.of(
                    message,
                    waiting.getOrDefault(
                        new PendingMessages.ConsumerKey(
                            message.consumerName(), message.orderingKey()),
                        0L)))
        .toList();
  }

  /**
   * Releases a parked message: its key's later messages flow again, without it. Asked again with
   * its id, answers what the first one did.
   *
   * @throws Refused when the request is incomplete, the id was used for another action, or the
   *     message is not parked
   */
  public HeldActions.Done release(
      String id, String consumer, String messageId, String reason, String requestedBy) {
    require("id", id, ConsoleActions.ID, "a UUID the client makes once per action");
    require("consumer", consumer, Limits.CONSUMER_NAME, "the consumer that parked the message");
    require("messageId", messageId, Limits.MESSAGE_ID, "the parked message's id");
    require("reason", reason, 1000, "say why, for the audit");
    require("the login name", requestedBy, HeldActions.REQUESTED_BY, "use a shorter one");
    String selection = "consumer '%s', message '%s'".formatted(consumer, messageId);
    LocalDateTime now = LocalDateTime.now(clock).truncatedTo(ChronoUnit.MILLIS);
    ConsoleActions.Action asked =
        new ConsoleActions.Action(
            id, RELEASE, PARKED, selection, requestedBy, reason, now, null, null);
    Optional<ConsoleActions.Action> before = audit.find(id);
    if (before.isEmpty()) {
      requireParked(consumer, messageId);
      before = HeldActions.begin(audit, asked);
    }
    if (before.isPresent()) {
      ConsoleActions.Action first = before.get();
      Optional<String> other = HeldActions.another(first, asked);
      if (other.isPresent()) {
        throw new Refused(other.get());
      }
      if (first.completedAt() != null) {
        return new HeldActions.Done(first, true);
      }
    }
    // Releasing is carried out once: a release asked again before it completed finds it done.
    pending.release(consumer, messageId, LocalDateTime.now(clock));
    boolean released = state(consumer, messageId) == PendingMessage.State.RELEASED;
    audit.complete(id, released ? 1 : 0, LocalDateTime.now(clock));
    LOG.info(
        () ->
            "Console action %s by %s: released %s, because: %s"
                .formatted(id, requestedBy, selection, reason));
    return new HeldActions.Done(audit.find(id).orElseThrow(), false);
  }

  private void requireParked(String consumer, String messageId) {
    PendingMessage.State state = state(consumer, messageId);
    if (state != PendingMessage.State.PARKED) {
      throw new Refused(
          "message %s of consumer %s is %s: only a parked message can be released"
              .formatted(
                  messageId,
                  consumer,
                  state == null ? "not stored" : state.name().toLowerCase(Locale.ROOT)));
    }
  }

  private PendingMessage.State state(String consumer, String messageId) {
    return pending.find(consumer, messageId).map(PendingMessage::state).orElse(null);
  }

  private static void require(String name, String value, int longest, String hint) {
    if (value == null || value.isBlank() || value.length() > longest) {
      throw new Refused("%s is required, at most %d characters: %s".formatted(name, longest, hint));
    }
  }
}
