package dev.inbox.console;

import java.util.List;

/**
 * A page of a held queue's messages that match a filter, in the queue's order (oldest first).
 *
 * @param page the page's number, from 0
 * @param size at most how many messages a page holds
 * @param total how many messages match, as far as the browse went
 * @param complete false when the browse stopped at its limit before the end of the queue: there are
 *     more than {@code total}
 */
public record HeldPage(
    List<HeldMessage> messages, int page, int size, long total, boolean complete) {}
