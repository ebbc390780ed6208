package dev.inbox.bench;

import dev.inbox.bench.handler.BenchTables;
import dev.inbox.bench.handler.DatabaseCounters;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * What a pass cost, per message: the server process's CPU time and the heap its threads allocated,
 * the database's transactions, statements and WAL. Read inside the server, so the process is the
 * server's: on WildFly with its embedded broker the broker's work is in it, on Payara with a
 * standalone broker it is not. The harness's own reads during a pass (a few counts) are in the
 * database's figures. Transactions and statements are counted on MariaDB with the server's status
 * counters ({@code Com_*}, the whole server's), on PostgreSQL with {@code pg_stat_statements} where
 * the server loads it (empty where not). On MariaDB the WAL is InnoDB's redo log.
 *
 * @param cpuMicros process CPU time, microseconds
 * @param heapKib heap allocated by the server's threads, KiB (threads that ended during the pass
 *     are not counted)
 * @param transactions transactions the server opened in the database ({@link DatabaseCounters})
 * @param statements the database's statements, transaction control left out
 * @param walBytes WAL (redo log) written, bytes
 */
record Usage(
    double cpuMicros,
    double heapKib,
    OptionalDouble transactions,
    OptionalDouble statements,
    double walBytes) {

  /** The counters at the start of a pass; {@link #perMessage} reads them again at its end. */
  record Start(long cpuNanos, long allocatedBytes, DatabaseCounters database) {

    /** Reads the process's counters and starts the database's. */
    static Start now(BenchTables tables) {
      return new Start(processCpuNanos(), allocatedByThreads(), tables.startCounting());
    }

    /** The pass's cost per message, read at its end. */
    Usage perMessage(BenchTables tables, int messages) {
      long cpu = processCpuNanos() - cpuNanos;
      long allocated = allocatedByThreads() - allocatedBytes;
      DatabaseCounters counted = tables.counters().since(database);
      return new Usage(
          cpu / 1e3 / messages,
          allocated / 1024.0 / messages,
          perMessage(counted.transactions(), messages),
          perMessage(counted.statements(), messages),
          (double) counted.walPosition() / messages);
    }

    private static OptionalDouble perMessage(OptionalLong count, int messages) {
      return count.isPresent()
          ? OptionalDouble.of((double) count.getAsLong() / messages)
          : OptionalDouble.empty();
    }
  }

  JsonObjectBuilder toJson() {
    JsonObjectBuilder json =
        Json.createObjectBuilder()
            .add("cpuMicros", round(cpuMicros))
            .add("heapKib", round(heapKib))
            .add("walBytes", round(walBytes));
    transactions.ifPresent(value -> json.add("transactions", round(value)));
    statements.ifPresent(value -> json.add("statements", round(value)));
    return json;
  }

  private static double round(double value) {
    return Math.round(value * 100) / 100.0;
  }

  /**
   * The process's CPU time, through the platform MBean: the JDK's own interface for it is not
   * visible to a WildFly deployment.
   */
  private static long processCpuNanos() {
    return (Long)
        platform(
            "java.lang:type=OperatingSystem",
            (server, bean) -> server.getAttribute(bean, "ProcessCpuTime"));
  }

  /** The heap every live thread allocated so far, through the platform MBean. */
  private static long allocatedByThreads() {
    long[] ids = ManagementFactory.getThreadMXBean().getAllThreadIds();
    long[] bytes =
        (long[])
            platform(
                "java.lang:type=Threading",
                (server, bean) ->
                    server.invoke(
                        bean,
                        "getThreadAllocatedBytes",
                        new Object[] {ids},
                        new String[] {long[].class.getName()}));
    return Arrays.stream(bytes).filter(allocated -> allocated > 0).sum();
  }

  private interface MBeanRead {
    Object read(MBeanServer server, ObjectName bean) throws JMException;
  }

  private static Object platform(String bean, MBeanRead read) {
    try {
      return read.read(ManagementFactory.getPlatformMBeanServer(), new ObjectName(bean));
    } catch (JMException e) {
      throw new IllegalStateException("Cannot read " + bean, e);
    }
  }
}
