package dev.inbox.bench.handler;

import java.util.OptionalLong;

/**
 * What the database did in a pass, as {@link BenchTables#counters()} reads it.
 *
 * @param walPosition the WAL position at the end, in bytes
 * @param transactions transactions the clients opened ({@code BEGIN}, which the JDBC driver sends
 *     before a transaction's first statement); a statement outside a transaction is a transaction
 *     of its own, not counted here
 * @param statements statements, transaction control left out
 */
public record DatabaseCounters(
    long walPosition, OptionalLong transactions, OptionalLong statements) {}
