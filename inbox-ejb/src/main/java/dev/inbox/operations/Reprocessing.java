package dev.inbox.operations;

import dev.inbox.dispatch.Subscriptions;
import dev.inbox.spi.Limits;
import dev.inbox.store.ReprocessRequests;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.logging.Logger;

/**
 * Makes a consumer process messages again on purpose, after a fix for example: it forgets the
 * consumer's rows for the messages (and their failure-ledger entries) and writes an audit entry per
 * message that says who asked, when and why, and what the forgotten row said, all in one
 * transaction. The next copy of each message that reaches the consumer (a producer's replay, a
 * redrive) is then applied as new, even when it is older than what retention has deleted, while the
 * request is open: retention retires it when it deletes the re-applied row, and a request no copy
 * came for expires once the consumer's retention watermark passes it.
 *
 * <p>A session bean, so that it runs in the inbox's module whoever calls it: a team's web module
 * that injects it (an admin endpoint) reaches the inbox's persistence unit through it, in a
 * transaction of its own unless the caller has one.
 *
 * <p>Unlike a redrive, which gives a message that was never applied its turn, reprocessing applies
 * a message a second time: the handler's earlier effect stays, and the handler must be ready to
 * meet it.
 */
@Stateless
public class Reprocessing {

  /** The most messages one request may name. */
  public static final int MAX_MESSAGES = 1000;

  /** The longest name of who asks that the audit keeps. */
  public static final int REQUESTED_BY = 100;

  private static final Logger LOG = Logger.getLogger(Reprocessing.class.getName());

  @Inject private Subscriptions subscriptions;
  @Inject private ReprocessRequests requests;

  /**
   * What an operator asks: that a consumer process these messages again.
   *
   * @param id the request's id, chosen by the caller (a UUID, a ticket number): a request made
   *     again with the same id changes nothing and returns what the first one did
   * @param consumer the consumer's name, as its handler declares it
   * @param messageIds the messages' ids as the inbox rows store them, with their key scope's prefix
   *     when {@code inbox.key-scope} is set
   * @param requestedBy who asks, for the audit
   * @param reason why, for the audit
   */
  public record Request(
      String id, String consumer, List<String> messageIds, String requestedBy, String reason) {

    public Request {
      required("id", id, Limits.IDEMPOTENCY_KEY);
      required("consumer", consumer, Limits.CONSUMER_NAME);
      required("requestedBy", requestedBy, REQUESTED_BY);
      required("reason", reason, Limits.ERROR);
      if (messageIds == null || messageIds.isEmpty() || messageIds.size() > MAX_MESSAGES) {
        throw new RequestRefused(
            "A request names from 1 to %d messages, not %d: split a larger selection"
                .formatted(MAX_MESSAGES, messageIds == null ? 0 : messageIds.size()));
      }
      for (String messageId : messageIds) {
        required("a message id", messageId, Limits.MESSAGE_ID);
      }
      messageIds = List.copyOf(new TreeSet<>(messageIds));
    }

    private static void required(String what, String value, int limit) {
      if (value == null || value.isBlank()) {
        throw new RequestRefused(what + " is required");
      }
      if (value.length() > limit) {
        throw new RequestRefused(
            "%s is %d characters long; at most %d fit".formatted(what, value.length(), limit));
      }
    }
  }

  /**
   * Carries the request out, or returns what it did when a request with its id was made before.
   *
   * @return one audit entry per message, in message id order
   * @throws RequestRefused when no deployed consumer has the request's name, or the id was used
   *     before for another consumer or other messages
   * @throws jakarta.ejb.EJBException when a request with the same id is being made at the same
   *     time: its audit entries win the race on their primary key; ask again to read them
   */
  public List<ReprocessRequests.Entry> forget(Request request) {
    Set<String> consumers = subscriptions.typesByConsumer().keySet();
    if (!consumers.contains(request.consumer())) {
      throw new RequestRefused(
          "No consumer is named %s; the deployed consumers are %s"
              .formatted(request.consumer(), consumers));
    }
    List<ReprocessRequests.Entry> before = requests.ofRequest(request.id());
    if (!before.isEmpty()) {
      return madeBefore(request, before);
    }
    List<ReprocessRequests.Entry> written =
        requests.forget(
            request.id(),
            request.consumer(),
            request.messageIds(),
            request.requestedBy(),
            request.reason());
    long forgotten = written.stream().filter(entry -> entry.previousProcessedAt() != null).count();
    LOG.info(
        () ->
            "Reprocess request %s by %s: consumer %s will process %d message(s) again, %d row(s)"
                    .formatted(
                        request.id(),
                        request.requestedBy(),
                        request.consumer(),
                        written.size(),
                        forgotten)
                + " forgotten, because: "
                + request.reason());
    return written;
  }

  /** What a request made before with the same id did, when it asked the same. */
  private static List<ReprocessRequests.Entry> madeBefore(
      Request request, List<ReprocessRequests.Entry> before) {
    ReprocessRequests.Entry first = before.get(0);
    List<String> messages = before.stream().map(ReprocessRequests.Entry::messageId).toList();
    if (!first.consumer().equals(request.consumer()) || !messages.equals(request.messageIds())) {
      throw new RequestRefused(
          "Request %s was made before, for consumer %s and %d message(s), and this one asks for"
                  .formatted(request.id(), first.consumer(), messages.size())
              + " something else: give a new request a new id");
    }
    return before;
  }
}
