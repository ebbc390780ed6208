package dev.inbox.console;

import dev.inbox.quarantine.Quarantine;
import dev.inbox.quarantine.QueueDepths;
import dev.inbox.receiving.IdentityProperties;
import dev.inbox.store.ConsoleActions;
import jakarta.ejb.EJBException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.jms.Queue;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * An operator's redrive or discard of held messages, carried out once however often it is asked:
 * the action is written to the audit under its id before the broker's management carries it out,
 * and completed after. A redrive moves the messages to the inbox queue as they are, identity and
 * all, as the redrive scripts do; a discard removes them. An action asked again with its id returns
 * what it did; one that has not completed is refused while it may still be running ({@link
 * #LEASE}), and carried out again after that (the server stopped in between): it moves or removes
 * what is still there of its selection, and nothing twice.
 */
@ApplicationScoped
public class HeldActions {

  private static final Logger LOG = Logger.getLogger(HeldActions.class.getName());

  /** The longest login name the audit keeps. */
  static final int REQUESTED_BY = 100;

  /**
   * How long an action that began and did not complete holds its id: a repeat meanwhile is refused,
   * since the first may still be running; after it, a repeat carries the action out.
   */
  static final Duration LEASE = Duration.ofMinutes(5);

  private final ConsoleActions audit;
  private final BrokerManagement broker;
  private final Quarantine quarantine;
  private final QueueDepths queues;
  private final IdentityProperties identity;
  private final Clock clock;
  private final Event<Acted> acted;

  @Inject
  HeldActions(
      ConsoleActions audit,
      BrokerManagement broker,
      Quarantine quarantine,
      QueueDepths queues,
      IdentityProperties identity,
      Clock clock,
      Event<Acted> acted) {
    this.audit = audit;
    this.broker = broker;
    this.quarantine = quarantine;
    this.queues = queues;
    this.identity = identity;
    this.clock = clock;
    this.acted = acted;
  }

  /** For the CDI proxy. */
  protected HeldActions() {
    this(null, null, null, null, null, null, null);
  }

  /** What an operator does to held messages. */
  public enum Kind {
    /** Back to the inbox queue, to be delivered again. */
    REDRIVE,
    /** Removed for good. */
    DISCARD;

    public String code() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    static Kind ofCode(String code) {
      for (Kind kind : values()) {
        if (kind.code().equals(code)) {
          return kind;
        }
      }
      throw new IllegalArgumentException(
          "action is '%s': it is redrive or discard".formatted(code));
    }
  }

  /**
   * What an action did.
   *
   * @param replayed whether the action had been asked before, and this answer is the first one's
   */
  public record Done(ConsoleActions.Action action, boolean replayed) {}

  /**
   * An action carried out (not one answered from the audit), fired once the audit says it
   * completed.
   *
   * @param messages how many messages it moved or removed
   */
  public record Acted(Kind action, HeldQueue queue, int messages) {}

  /** An action with this id began a moment ago and has not completed: it may still be running. */
  public static class InProgress extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InProgress(String message) {
      super(message);
    }
  }

  /**
   * Carries the action out, or returns what it did when it was asked before.
   *
   * @param requestedBy who asks: the logged-in user
   * @throws IllegalArgumentException when the id was used before for another action, or by someone
   *     else
   * @throws InProgress when the action began less than {@link #LEASE} ago and has not completed
   * @throws BrokerManagement.Unavailable when the broker cannot be managed: the action stays in the
   *     audit, not completed, and asking again with its id after {@link #LEASE} carries it out
   */
  public Done act(HeldQueue held, ActionRequest request, String requestedBy) {
    if (requestedBy.length() > REQUESTED_BY) {
      throw new IllegalArgumentException(
          "the login name is %d characters long; the audit keeps %d: use a shorter one"
              .formatted(requestedBy.length(), REQUESTED_BY));
    }
    Kind kind = Kind.ofCode(request.kind());
    LocalDateTime now = LocalDateTime.now(clock).truncatedTo(ChronoUnit.MILLIS);
    ConsoleActions.Action asked =
        new ConsoleActions.Action(
            request.id(),
            kind.code(),
            held.path(),
            request.selection(now, identity.type()),
            requestedBy,
            request.reason(),
            now,
            null,
            null);
    Optional<ConsoleActions.Action> before = begin(audit, asked);
    ConsoleActions.Action action = before.orElse(asked);
    if (before.isPresent()) {
      ConsoleActions.Action first = before.get();
      // The first one's time bounds its selection: the same request gives the same selection.
      Optional<String> other =
          another(
              first,
              new ConsoleActions.Action(
                  asked.id(),
                  asked.action(),
                  asked.queue(),
                  request.selection(first.requestedAt(), identity.type()),
                  requestedBy,
                  asked.reason(),
                  now,
                  null,
                  null));
      if (other.isPresent()) {
        throw new IllegalArgumentException(other.get());
      }
      if (first.completedAt() != null) {
        return new Done(first, true);
      }
      if (first.requestedAt().plus(LEASE).isAfter(now)) {
        throw new InProgress(
            "action %s began at %s UTC and has not completed: it may still be running; ask again"
                    .formatted(first.id(), first.requestedAt())
                + " after %d minutes".formatted(LEASE.toMinutes()));
      }
    }
    Queue queue = held == HeldQueue.QUARANTINE ? quarantine.queue() : queues.deadLetterQueue();
    int messages =
        kind == Kind.REDRIVE
            ? broker.move(queue, action.selection(), queues.inboxQueue())
            : broker.remove(queue, action.selection());
    audit.complete(request.id(), messages, LocalDateTime.now(clock));
    acted.fire(new Acted(kind, held, messages));
    LOG.info(
        () ->
            "Console action %s by %s: %s %d message(s) of %s (%s), because: %s"
                .formatted(
                    request.id(),
                    requestedBy,
                    kind.code(),
                    messages,
                    held.path(),
                    action.selection(),
                    request.reason()));
    return new Done(audit.find(request.id()).orElseThrow(), false);
  }

  /** The audit, newest first. */
  public List<ConsoleActions.Action> audit(int page, int size) {
    return audit.list(page, size);
  }

  /**
   * Why an action asked under the id of one asked before is another one, for the refusal: another
   * action, queue, selection or operator; empty when it is the same action asked again.
   */
  static Optional<String> another(ConsoleActions.Action first, ConsoleActions.Action asked) {
    if (first.action().equals(asked.action())
        && first.queue().equals(asked.queue())
        && first.selection().equals(asked.selection())
        && first.requestedBy().equals(asked.requestedBy())) {
      return Optional.empty();
    }
    return Optional.of(
        "action %s was asked before, by %s, to %s %s of %s: give a new action a new id"
            .formatted(
                first.id(), first.requestedBy(), first.action(), first.selection(), first.queue()));
  }

  /** Writes the action to the audit, or reads the one asked before under its id. */
  static Optional<ConsoleActions.Action> begin(ConsoleActions audit, ConsoleActions.Action asked) {
    Optional<ConsoleActions.Action> before = audit.find(asked.id());
    if (before.isPresent()) {
      return before;
    }
    try {
      audit.begin(asked);
      return Optional.empty();
    } catch (EJBException raced) {
      // The same id asked at the same moment: the other one's row won the primary key.
      return Optional.of(audit.find(asked.id()).orElseThrow(() -> raced));
    }
  }
}
