package dev.inbox.faults;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Where a node's message deliveries are, from a thread dump of its process: for the message of a
 * scenario that did not settle, so that a delivery stuck in a commit, a reconnection or a wait for
 * recovery says where. Threads are grouped by their stack's top frames; a group is named by its
 * count, the state of its threads, its first frames and its first frames outside the JDK.
 */
final class DeliveryThreads {

  /** Frames that mark a thread as a delivery: the broker's resource adapter or the module. */
  private static final List<String> DELIVERY_MARKS =
      List.of("org.apache.activemq.artemis.ra.inflow.", "dev.inbox.");

  private static final String STATE = "java.lang.Thread.State: ";
  private static final int GROUPING_FRAMES = 12;
  private static final int GROUPS_SHOWN = 4;
  private static final Duration DUMP_DEADLINE = Duration.ofSeconds(30);

  private DeliveryThreads() {}

  /** Where the node's deliveries are now; says so when its process is gone or cannot be read. */
  static String of(Node node) {
    try {
      return Nodes.find(node)
          .map(process -> summary(dump(process.pid())))
          .orElse("no running process");
    } catch (RuntimeException e) {
      return "no thread dump (" + e.getMessage() + ")";
    }
  }

  /** A thread dump of a JVM of this machine, by the JDK's jcmd. */
  static String dump(long pid) {
    String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
    return Command.output(List.of(jcmd, Long.toString(pid), "Thread.print"), DUMP_DEADLINE);
  }

  /** The delivery threads of a thread dump, grouped by their top frames, largest group first. */
  static String summary(String dump) {
    Map<List<String>, List<Stack>> groups =
        threads(dump).stream()
            .filter(Stack::delivers)
            .collect(
                Collectors.groupingBy(
                    stack ->
                        stack.frames().subList(0, Math.min(GROUPING_FRAMES, stack.frames().size())),
                    LinkedHashMap::new,
                    Collectors.toList()));
    if (groups.isEmpty()) {
      return "no delivery threads";
    }
    return groups.values().stream()
        .sorted(Comparator.comparingInt((List<Stack> group) -> group.size()).reversed())
        .limit(GROUPS_SHOWN)
        .map(group -> group.size() + " " + group.get(0).describe())
        .collect(Collectors.joining("; ", "[", "]"));
  }

  /** Each thread's state and frames, in the order jcmd prints them. */
  private static List<Stack> threads(String dump) {
    List<Stack> threads = new ArrayList<>();
    // Each thread's lines begin with its name, in quotes.
    for (String block : dump.split("\\R(?=\")")) {
      if (!block.startsWith("\"")) {
        continue;
      }
      List<String> lines = block.lines().map(String::strip).toList();
      String state =
          lines.stream()
              .filter(line -> line.startsWith(STATE))
              .map(line -> line.substring(STATE.length()))
              .findFirst()
              .orElse("");
      List<String> frames =
          lines.stream()
              .filter(line -> line.startsWith("at "))
              .map(line -> line.substring("at ".length()))
              .toList();
      threads.add(new Stack(state, frames));
    }
    return threads;
  }

  private record Stack(String state, List<String> frames) {

    boolean delivers() {
      return frames.stream().anyMatch(frame -> DELIVERY_MARKS.stream().anyMatch(frame::startsWith));
    }

    /** The state, the first two frames, and the first six that are not the JDK's own. */
    String describe() {
      List<String> own =
          frames.stream()
              .filter(frame -> Stream.of("java.", "jdk.", "sun.").noneMatch(frame::startsWith))
              .limit(6)
              .toList();
      return "%s at %s ... %s".formatted(state, frames.subList(0, Math.min(2, frames.size())), own);
    }
  }
}
