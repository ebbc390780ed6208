package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.testkit.TestMessage;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The oracle (docs/testing.md), checked from outside the servers once the scenario is over: it
 * waits until the queue has drained and recovery has left nothing in doubt, then checks that no
 * identity was lost, every effect happened exactly once, no row or effect is an orphan, and nothing
 * was quarantined or dead-lettered.
 */
final class Oracle {

  /** Longer than a restart, a recovery scan and the broker's longest redelivery delay. */
  private static final Duration DEADLINE = Duration.ofSeconds(240);

  private final Database database = new Database();
  private final BrokerView broker = BrokerView.ofCell();

  /** What the oracle saw at the end of a scenario, for the test's log and the note. */
  record Figures(
      int sent,
      int rows,
      int effects,
      int orphans,
      int unfinishedStored,
      long pending,
      long quarantined,
      long deadLettered,
      int preparedInBroker,
      int preparedInDatabase,
      int transactionLog) {

    @Override
    public String toString() {
      return ("sent %d, rows %d, effects %d, orphans %d, stored unfinished %d, pending %d,"
                  + " quarantined %d, dead-lettered %d,")
              .formatted(
                  sent,
                  rows,
                  effects,
                  orphans,
                  unfinishedStored,
                  pending,
                  quarantined,
                  deadLettered)
          + " in doubt: broker %d, database %d, transaction logs %d"
              .formatted(preparedInBroker, preparedInDatabase, transactionLog);
    }
  }

  /**
   * Waits for the end state of a run whose identities were sent to a consumer, then checks it.
   *
   * @param payloads the hash of the payload sent under each identity
   * @param nodes the nodes whose transaction logs must end empty
   */
  Figures check(String consumer, String run, Map<String, String> payloads, List<Node> nodes) {
    Set<String> identities = payloads.keySet();
    AtomicReference<Figures> last = new AtomicReference<>();
    AtomicReference<RuntimeException> lastFailure = new AtomicReference<>();
    Instant began = Instant.now();
    AtomicReference<Instant> printed = new AtomicReference<>(began.minusSeconds(10));
    Figures figures;
    try {
      figures =
          Awaitility.await("the end state of " + run)
              .pollInterval(Duration.ofMillis(500))
              .atMost(DEADLINE)
              // The broker or the database may still be coming back: look again.
              .ignoreExceptions()
              .until(
                  () -> {
                    try {
                      Figures look = figures(consumer, run, identities.size(), nodes);
                      Instant now = Instant.now();
                      // The timeline of a slow settle, for the log of a run that fails: a look
                      // that changed, at most every ten seconds.
                      if (!look.equals(last.get())
                          && Duration.between(printed.get(), now).toSeconds() >= 10) {
                        System.out.printf(
                            "[oracle %s +%ds] %s%n",
                            run, Duration.between(began, now).toSeconds(), look);
                        printed.set(now);
                      }
                      last.set(look);
                    } catch (RuntimeException e) {
                      lastFailure.set(e);
                      throw e;
                    }
                    lastFailure.set(null);
                    return last.get();
                  },
                  Oracle::settled);
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          "%s did not settle within %s; the last look that answered: %s%s"
                  .formatted(
                      run,
                      DEADLINE,
                      last.get() == null ? "(none)" : last.get(),
                      lastFailure.get() == null
                          ? ""
                          : "; the last look failed: " + lastFailure.get())
              // Where the nodes' deliveries wait first: the lists after it can be long.
              + deliveries(nodes)
              + inDoubtInBroker()
              + inTransactionLogs(nodes)
              + withoutARow(consumer, identities),
          e);
    }
    Map<String, List<String>> effects = new TreeMap<>(database.effects(consumer, run));
    assertEquals(identities, effects.keySet(), "identities with an effect: " + figures);
    effects.forEach(
        (identity, applied) ->
            assertEquals(
                List.of(payloads.get(identity)),
                applied,
                () ->
                    "effects of %s, by the payload each applied: %s; %s"
                        .formatted(identity, figures, database.history(consumer, identity))));
    assertEquals(
        0,
        database.effectsBlindToTheirRow(consumer, run),
        "effects written where the handler's transaction did not see its inbox row: " + figures);
    assertEquals(0, figures.orphans(), "orphan rows or effects: " + figures);
    assertEquals(0, figures.quarantined(), "quarantined: " + figures);
    assertEquals(0, figures.deadLettered(), "dead-lettered: " + figures);
    return figures;
  }

  /** What the database holds of each identity without an inbox row, for a failure's message. */
  private String withoutARow(String consumer, Set<String> identities) {
    try {
      List<String> missing =
          identities.stream()
              .sorted()
              .filter(identity -> database.appliedOnDelivery(consumer, identity).isEmpty())
              .map(identity -> database.history(consumer, identity))
              .toList();
      return missing.isEmpty() ? "" : "; without a row: " + missing;
    } catch (RuntimeException e) {
      return "; the identities without a row could not be read: " + e;
    }
  }

  /**
   * The transactions each node's log still holds, with the last warnings and errors its server log
   * has of each (the branch recovery could not finish, and why), for a failure's message.
   */
  private static String inTransactionLogs(List<Node> nodes) {
    StringBuilder held = new StringBuilder();
    for (Node node : nodes) {
      List<String> transactions;
      try {
        transactions = transactionLogRecords(node).orElse(List.of());
      } catch (RuntimeException e) {
        held.append("; %s's transaction log could not be read: %s".formatted(node, e));
        continue;
      }
      for (String transaction : transactions) {
        held.append("; %s's transaction log holds %s".formatted(node, transaction));
        node.serverLog()
            .ifPresent(log -> held.append(", its server log: ").append(aboutIn(log, transaction)));
      }
    }
    return held.toString();
  }

  /** Where each node's deliveries are, from a thread dump: a delivery stuck says where. */
  private static String deliveries(List<Node> nodes) {
    return nodes.stream()
        .map(node -> "; %s's deliveries: %s".formatted(node, DeliveryThreads.of(node)))
        .collect(Collectors.joining());
  }

  /** The last warnings and errors of a server log that name a transaction, for a message. */
  private static String aboutIn(Path log, String transaction) {
    // The identifier, not a longer one it begins (…:48 is not …:484).
    Pattern named = Pattern.compile(Pattern.quote(transaction) + "(?![0-9a-f])");
    try (Stream<String> lines = Files.lines(log, StandardCharsets.ISO_8859_1)) {
      List<String> about =
          lines
              .filter(line -> line.contains(" WARN ") || line.contains(" ERROR "))
              .filter(line -> named.matcher(line).find())
              .map(line -> line.length() > 400 ? line.substring(0, 400) + "..." : line)
              .toList();
      return about.isEmpty()
          ? "nothing"
          : about.subList(Math.max(0, about.size() - 6), about.size()).toString();
    } catch (IOException | UncheckedIOException e) {
      return "could not be read (" + e + ")";
    }
  }

  /** The broker's prepared transactions, listed for a failure's message. */
  private String inDoubtInBroker() {
    try {
      List<String> prepared = broker.preparedTransactionList();
      return prepared.isEmpty() ? "" : "; prepared in the broker: " + prepared;
    } catch (RuntimeException e) {
      return "; the broker's prepared transactions could not be listed: " + e;
    }
  }

  private static boolean settled(Figures figures) {
    return figures.rows() == figures.sent()
        && figures.unfinishedStored() == 0
        && figures.pending() == 0
        && figures.preparedInBroker() == 0
        && figures.preparedInDatabase() == 0
        && figures.transactionLog() == 0;
  }

  private Figures figures(String consumer, String run, int sent, List<Node> nodes) {
    String ofRun = TestMessage.RUN + " = '" + run + "'";
    // Read before the rows and effects: a stored message seen finished here has its effect
    // committed by the time they are read (one transaction commits both), so a look that finds
    // nothing unfinished never counts effects from before the last ones committed.
    int unfinishedStored = database.unfinishedStored(run);
    return new Figures(
        sent,
        database.rows(consumer, run),
        database.effects(consumer, run).values().stream().mapToInt(List::size).sum(),
        database.orphans(consumer, run),
        unfinishedStored,
        broker.depth(BrokerView.INBOX_QUEUE),
        broker.count(BrokerView.QUARANTINE, ofRun),
        broker.count(BrokerView.DEAD_LETTERS, ofRun),
        broker.preparedTransactions(),
        database.preparedTransactions(),
        nodes.stream().map(Oracle::transactionLogEntries).flatMapToInt(OptionalInt::stream).sum());
  }

  /**
   * Transactions a node's transaction manager has logged and not yet finished; empty where the
   * server keeps no log a test can count ({@link Node#transactionLog()}).
   */
  static OptionalInt transactionLogEntries(Node node) {
    return transactionLogRecords(node)
        .map(List::size)
        .map(OptionalInt::of)
        .orElse(OptionalInt.empty());
  }

  /**
   * The identifiers of the transactions a node's log holds, as its server log writes them (Narayana
   * names each record's file after its transaction, with {@code _} for {@code :}).
   */
  private static Optional<List<String>> transactionLogRecords(Node node) {
    Optional<File> log = node.transactionLog();
    if (log.isEmpty()) {
      return Optional.empty();
    }
    if (!log.get().isDirectory()) {
      return Optional.of(List.of());
    }
    try (Stream<Path> files = Files.walk(log.get().toPath())) {
      return Optional.of(
          files
              .filter(Files::isRegularFile)
              .filter(file -> file.getParent().getFileName().toString().equals("AtomicAction"))
              .filter(Oracle::holdsARecord)
              .map(file -> file.getFileName().toString().replace('_', ':'))
              .toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Whether a log file holds a transaction's record. A server halted while another transaction was
   * writing its record leaves that file empty: the decision was never written, so there is nothing
   * to recover (recovery presumes the transaction aborted and rolls its branches back), and
   * Narayana leaves the empty file where it is.
   */
  private static boolean holdsARecord(Path file) {
    try {
      return Files.size(file) > 0;
    } catch (NoSuchFileException finished) {
      // The transaction ended, and Narayana removed its record, while the log was being read.
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
