package dev.inbox.bench.handler;

import java.util.OptionalLong;

/**
 * The database's counters, as {@link BenchTables#counters()} reads them; a pass takes the
 * difference ({@link #since}).
 *
 * @param walPosition the WAL (redo log) position, in bytes; after {@link #since}, the bytes written
 * @param transactions transactions the clients opened (PostgreSQL: {@code BEGIN}, which the JDBC
 *     driver sends before a transaction's first statement; MariaDB: {@code COMMIT}, {@code
 *     ROLLBACK} and {@code XA START}); a statement outside a transaction is a transaction of its
 *     own, not counted here
 * @param statements statements, transaction control left out
 */
public record DatabaseCounters(
    long walPosition, OptionalLong transactions, OptionalLong statements) {

  /** What was counted from {@code start} to these counters; empty where either was not counted. */
  public DatabaseCounters since(DatabaseCounters start) {
    return new DatabaseCounters(
        walPosition - start.walPosition,
        minus(transactions, start.transactions),
        minus(statements, start.statements));
  }

  private static OptionalLong minus(OptionalLong end, OptionalLong start) {
    return end.isPresent() && start.isPresent()
        ? OptionalLong.of(end.getAsLong() - start.getAsLong())
        : OptionalLong.empty();
  }
}
