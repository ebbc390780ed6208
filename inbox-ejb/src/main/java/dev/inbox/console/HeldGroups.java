package dev.inbox.console;

import java.util.List;

/**
 * A held queue's messages grouped by cause.
 *
 * @param groups the groups, the largest first
 * @param complete whether every message was counted: false when the look stopped at its limit of
 *     {@value HeldMessages#MAX_BROWSED} messages, so that there are more than the groups count
 */
public record HeldGroups(List<HeldGroup> groups, boolean complete) {

  public HeldGroups {
    groups = List.copyOf(groups);
  }
}
