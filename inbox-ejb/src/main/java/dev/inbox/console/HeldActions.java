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
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.stream.Collectors;

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

  /** The most entries one action names; a larger selection is a filter. */
  public static final int MAX_ENTRIES = 80;

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
   * An operator's request.
   *
   * @param id the action's id, chosen by the caller (a UUID): asked again with it, the action is
   *     not carried out again
   * @param kind {@code redrive} or {@code discard}
   * @param entries the held messages by their entry ids, or null to select by the filter
   * @param filter the held messages that match it, or null to select by entries
   * @param reason why, for the audit
   */
  public record Request(
      String id, String kind, List<String> entries, HeldFilter filter, String reason) {

    /**
     * @throws IllegalArgumentException saying what is missing or wrong
     */
    public Request {
      if (id == null || id.isBlank() || id.length() > ConsoleActions.ID) {
        throw new IllegalArgumentException(
            "id is required, at most %d characters: a UUID the client makes once per action"
                .formatted(ConsoleActions.ID));
      }
      Kind.ofCode(kind);
      if ((entries == null) == (filter == null)) {
        throw new IllegalArgumentException(
            "select the messages either by entries or by a filter, not both and not neither");
      }
      if (entries != null
          && (entries.isEmpty()
              || entries.size() > MAX_ENTRIES
              || entries.stream().anyMatch(entry -> entry == null || entry.isBlank()))) {
        throw new IllegalArgumentException(
            "entries names 1 to %d held messages by their entry ids: select more with a filter"
                .formatted(MAX_ENTRIES));
      }
      if (reason == null || reason.isBlank() || reason.length() > 1000) {
        throw new IllegalArgumentException(
            "reason is required, at most 1000 characters: say why, for the audit");
      }
      entries = entries == null ? null : List.copyOf(entries);
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
  public Done act(HeldQueue held, Request request, String requestedBy) {
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
            selection(request, now),
            requestedBy,
            request.reason(),
            now,
            null,
            null);
    Optional<ConsoleActions.Action> before = begin(asked);
    ConsoleActions.Action action = before.orElse(asked);
    if (before.isPresent()) {
      ConsoleActions.Action first = before.get();
      // The first one's time bounds its selection: the same request gives the same selection.
      if (!first.action().equals(asked.action())
          || !first.queue().equals(asked.queue())
          || !first.selection().equals(selection(request, first.requestedAt()))
          || !first.requestedBy().equals(requestedBy)) {
        throw new IllegalArgumentException(
            "action %s was asked before, by %s, to %s %s of %s: give a new action a new id"
                .formatted(
                    first.id(),
                    first.requestedBy(),
                    first.action(),
                    first.selection(),
                    first.queue()));
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

  /** Writes the action, or reads the one asked before under its id. */
  private Optional<ConsoleActions.Action> begin(ConsoleActions.Action asked) {
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

  /**
   * The selection in the broker's filter syntax, as the audit keeps it and the broker runs it. A
   * filter without an end selects only what was set aside before the action was asked (on the
   * dead-letter queue: sent before), so that an action carried out again later takes nothing that
   * arrived since.
   */
  private String selection(Request request, LocalDateTime requestedAt) {
    String selection;
    if (request.entries() != null) {
      selection =
          "AMQUserID IN ("
              + request.entries().stream()
                  .distinct()
                  .sorted()
                  .map(HeldFilter::quoted)
                  .collect(Collectors.joining(", "))
              + ")";
    } else {
      HeldFilter filter = request.filter();
      if (filter.to() == null) {
        filter = filter.to(requestedAt.toInstant(ZoneOffset.UTC));
      }
      selection = filter.brokerFilter(identity.type());
    }
    if (selection.length() > ConsoleActions.SELECTION) {
      throw new IllegalArgumentException(
          "the selection is %d characters long; at most %d fit: select fewer messages"
              .formatted(selection.length(), ConsoleActions.SELECTION));
    }
    return selection;
  }
}
