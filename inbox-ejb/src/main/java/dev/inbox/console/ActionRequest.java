package dev.inbox.console;

import dev.inbox.store.ConsoleActions;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An operator's request to redrive or discard held messages ({@link HeldActions}).
 *
 * @param id the action's id, chosen by the caller (a UUID): asked again with it, the action is not
 *     carried out again
 * @param kind {@code redrive} or {@code discard}
 * @param entries the held messages by their entry ids, or null to select by the filter
 * @param filter the held messages that match it, or null to select by entries
 * @param reason why, for the audit
 */
public record ActionRequest(
    String id, String kind, List<String> entries, HeldFilter filter, String reason) {

  /** The most entries one action names; a larger selection is a filter. */
  public static final int MAX_ENTRIES = 80;

  /**
   * @throws IllegalArgumentException saying what is missing or wrong
   */
  public ActionRequest {
    if (id == null || id.isBlank() || id.length() > ConsoleActions.ID) {
      throw new IllegalArgumentException(
          "id is required, at most %d characters: a UUID the client makes once per action"
              .formatted(ConsoleActions.ID));
    }
    HeldActions.Kind.ofCode(kind);
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

  /**
   * The selection in the broker's filter syntax, as the audit keeps it and the broker runs it. A
   * filter without an end selects only what was set aside before the action was asked (on the
   * dead-letter queue: sent before), so that an action carried out again later takes nothing that
   * arrived since.
   *
   * @param typeProperty the property that carries a message's type ({@code inbox.type-property})
   * @throws IllegalArgumentException when the selection is longer than the audit keeps
   */
  String selection(LocalDateTime requestedAt, String typeProperty) {
    String selection;
    if (entries != null) {
      selection =
          "AMQUserID IN ("
              + entries.stream()
                  .distinct()
                  .sorted()
                  .map(HeldFilter::quoted)
                  .collect(Collectors.joining(", "))
              + ")";
    } else {
      HeldFilter bounded =
          filter.to() == null ? filter.to(requestedAt.toInstant(ZoneOffset.UTC)) : filter;
      selection = bounded.brokerFilter(typeProperty);
    }
    if (selection.length() > ConsoleActions.SELECTION) {
      throw new IllegalArgumentException(
          "the selection is %d characters long; at most %d fit: select fewer messages"
              .formatted(selection.length(), ConsoleActions.SELECTION));
    }
    return selection;
  }
}
