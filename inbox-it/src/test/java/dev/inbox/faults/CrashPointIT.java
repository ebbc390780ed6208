package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.InboxTest;
import dev.inbox.it.handlers.CrashHandler;
import dev.inbox.it.handlers.CrashPoint;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The server JVM halts at each failure window of a delivery while a run's messages are in flight,
 * comes back, and the oracle holds: node A of the cluster, or the single server of the embedded
 * default with its own broker and H2. Every run sends its messages in one transaction, so the MDB's
 * sessions all hold one when the first to reach the point halts the server; the others die
 * mid-flight wherever they are. Each point runs {@code faults.crash-repeats} times (once in CI; the
 * soak profile runs more), each with identities of its own.
 */
@InboxTest
@RunAsClient
class CrashPointIT {

  private static final String XA_ONLY =
      "a window of the two-phase commit of two XA resources, which a non-XA data source does not use";

  /** Messages of one run, all on the queue before the first delivery. */
  private static final int IN_FLIGHT = 30;

  @ArquillianResource private ContainerController controller;

  private Nodes nodes;
  private final Database database = new Database();
  private final BrokerView broker = BrokerView.ofCell();
  private final Node server = Node.crashing();

  /** The crashing server alone: another node, left up by another test, would take its messages. */
  @BeforeEach
  void startTheCrashingServerAlone() {
    nodes = new Nodes(controller);
    nodes.startAlone(server);
  }

  @Test
  void atTheStartOfADeliveryBeforeAnyWrite() {
    for (int run = 0; run < FaultCell.crashRepeats(); run++) {
      Crash crash = crashAt(CrashPoint.DELIVERY_START);
      assertEquals(Optional.empty(), crash.haltedRowAtTheHalt(), "nothing written: " + crash);
    }
  }

  @Test
  void afterTheInboxRowIsFlushed() {
    for (int run = 0; run < FaultCell.crashRepeats(); run++) {
      Crash crash = crashAt(CrashPoint.AFTER_INBOX_ROW);
      assertEquals(Optional.empty(), crash.haltedRowAtTheHalt(), "nothing committed: " + crash);
    }
  }

  @Test
  void afterTheBusinessWriteBeforeTheCommit() {
    for (int run = 0; run < FaultCell.crashRepeats(); run++) {
      Crash crash = crashAt(CrashPoint.AFTER_BUSINESS_WRITE);
      assertEquals(Optional.empty(), crash.haltedRowAtTheHalt(), "nothing committed: " + crash);
    }
  }

  /**
   * Without XA the database commits first, as the last resource; the broker's branch is prepared
   * and nothing is logged yet. Recovery rolls that branch back, the broker redelivers the message,
   * and the inbox counts it as a duplicate instead of applying it again.
   */
  @Test
  @EnabledIfSystemProperty(
      named = "faults.xa",
      matches = "false",
      disabledReason = "a window of the last-resource commit, which an XA data source does not use")
  void afterTheDatabaseCommitBeforeTheAcknowledgement() {
    for (int run = 0; run < FaultCell.crashRepeats(); run++) {
      Crash crash = crashAt(CrashPoint.AFTER_DATABASE_COMMIT);
      assertEquals(Optional.of(1), crash.haltedRowAtTheHalt(), "the database committed: " + crash);
      crash
          .preparedInBroker()
          .ifPresent(
              prepared ->
                  assertTrue(prepared >= 1, "the broker's branch was left prepared: " + crash));
      // Counters start from zero with the restarted server: only this run's are counted.
      Awaitility.await("the redelivery of the committed message counted as a duplicate")
          .atMost(Duration.ofSeconds(30))
          .until(() -> duplicates() >= 1);
    }
  }

  /**
   * Every branch is prepared and the commit decision logged (two-phase commit under XA; the
   * database already committed without it). Recovery finds the decision and commits what is left:
   * the message is acknowledged, not redelivered, so its row is the first delivery's.
   */
  @Test
  void afterTheCommitDecisionIsLogged() {
    for (int run = 0; run < FaultCell.crashRepeats(); run++) {
      Crash crash = crashAt(CrashPoint.AFTER_COMMIT_DECISION);
      assertDecisionLogged(crash);
      crash
          .preparedInBroker()
          .ifPresent(
              prepared -> assertTrue(prepared >= 1, "the broker's branch was in doubt: " + crash));
      if (FaultCell.xa()) {
        assertEquals(Optional.empty(), crash.haltedRowAtTheHalt(), "prepared only: " + crash);
        assertTrue(crash.preparedInDatabase() >= 1, "the database's branch was in doubt: " + crash);
      } else {
        assertEquals(Optional.of(1), crash.haltedRowAtTheHalt(), "committed first: " + crash);
      }
      assertRecoveryCommittedTheFirstDelivery(crash);
    }
  }

  /**
   * Under XA, every branch prepared and nothing logged: recovery finds no decision and presumes the
   * transaction aborted, so both branches roll back, and the broker's redelivery applies the
   * message once.
   */
  @Test
  @EnabledIfSystemProperty(named = "faults.xa", matches = "true", disabledReason = XA_ONLY)
  @Tag("xa-windows")
  void afterEveryBranchIsPreparedBeforeTheDecisionIsLogged() {
    Crash crash = crashAt(CrashPoint.AFTER_PREPARE_BEFORE_DECISION, false);
    assertEquals(Optional.empty(), crash.haltedRowAtTheHalt(), "prepared only: " + crash);
    assertTrue(crash.preparedInDatabase() >= 1, "the database's branch was prepared: " + crash);
  }

  /**
   * Under XA, the decision logged and one branch committed, the other not: recovery commits the
   * other, so the message is acknowledged, not redelivered, and its row is the first delivery's.
   */
  @Test
  @EnabledIfSystemProperty(named = "faults.xa", matches = "true", disabledReason = XA_ONLY)
  @Tag("xa-windows")
  void betweenTheCommitsOfTheTwoBranches() {
    Crash crash = crashAt(CrashPoint.BETWEEN_THE_COMMITS, false);
    assertDecisionLogged(crash);
    assertRecoveryCommittedTheFirstDelivery(crash);
  }

  /**
   * Under XA, the server halts again in the middle of recovery's own commit, after the decision was
   * logged: the next start's recovery finishes it, and the message is applied once.
   */
  @Test
  @EnabledIfSystemProperty(named = "faults.xa", matches = "true", disabledReason = XA_ONLY)
  @Tag("xa-windows")
  void aCrashDuringRecoveryIsFinishedByTheNextRecovery() {
    Crash crash = crashAt(CrashPoint.AFTER_COMMIT_DECISION, true);
    assertRecoveryCommittedTheFirstDelivery(crash);
  }

  /**
   * What the halt left behind, before the restart, and how long the server took to come back to an
   * empty queue with nothing in doubt.
   *
   * @param preparedInBroker the broker's prepared transactions at the halt; unknown when the broker
   *     halted with the server
   */
  private record Crash(
      Storm storm,
      String haltedOn,
      Optional<Integer> haltedRowAtTheHalt,
      int appliedBefore,
      Optional<Integer> preparedInBroker,
      int preparedInDatabase,
      OptionalInt transactionLog,
      Duration settledAfterRestart) {

    @Override
    public String toString() {
      String row = haltedRowAtTheHalt.map(count -> "delivery " + count).orElse("none");
      return "halted on %s (its committed row: %s); %d of %d applied, in doubt: broker %s,"
              .formatted(
                  haltedOn,
                  row,
                  appliedBefore,
                  IN_FLIGHT,
                  preparedInBroker.map(String::valueOf).orElse("(halted with the server)"))
          + " database %d, transaction log %s; settled %s after the restart"
              .formatted(
                  preparedInDatabase,
                  transactionLog.isPresent() ? transactionLog.getAsInt() : "(not countable)",
                  settledAfterRestart);
    }
  }

  private Crash crashAt(CrashPoint point) {
    return crashAt(point, false);
  }

  /**
   * Halts the server at the point while a run is in flight, reads what the halt left, starts the
   * server again and waits for the oracle.
   *
   * @param againDuringRecovery whether the restarted server's recovery halts it once more, in the
   *     middle of its commit, before the last start
   */
  private Crash crashAt(CrashPoint point, boolean againDuringRecovery) {
    Storm storm = Storm.crashingAt(point, IN_FLIGHT);
    ProcessHandle process = nodes.process(server);
    try (Sender sender = new Sender()) {
      sender.sendTogether(storm.messages());
    }

    nodes.awaitHalt(server, process);
    String haltedOn = storm.haltedOn();
    assertTrue(storm.identities().contains(haltedOn), "halted on a message of the run");
    Optional<Integer> haltedRow = database.appliedOnDelivery(storm.consumer(), haltedOn);
    int appliedBefore = database.rows(storm.consumer(), storm.run());
    Optional<Integer> preparedInBroker =
        FaultCell.embeddedBroker() ? Optional.empty() : Optional.of(broker.preparedTransactions());
    int preparedInDatabase = database.preparedTransactions();
    OptionalInt transactionLog = Oracle.transactionLogEntries(server);

    if (againDuringRecovery) {
      File halt = new File(FaultCell.crashDirectory(), CrashPoint.HALT_DURING_RECOVERY);
      try {
        Files.createFile(halt.toPath());
      } catch (IOException e) {
        throw new IllegalStateException("Cannot ask for a halt during recovery: " + halt, e);
      }
      nodes.startUntilItHalts(server);
      assertTrue(!halt.exists(), "recovery reached its commit and halted the server");
    }
    System.out.printf(
        "[crash point %s] halted on %s; %d of %d applied; transaction log %s%n",
        point,
        haltedOn,
        appliedBefore,
        IN_FLIGHT,
        transactionLog.isPresent() ? transactionLog.getAsInt() : "(not countable)");
    Instant restarted = Instant.now();
    nodes.start(server);
    Oracle.Figures figures;
    try {
      figures = storm.settled();
    } catch (AssertionError e) {
      throw new AssertionError(e.getMessage() + committedWithoutARow(storm), e);
    }
    Crash crash =
        new Crash(
            storm,
            haltedOn,
            haltedRow,
            appliedBefore,
            preparedInBroker,
            preparedInDatabase,
            transactionLog,
            Duration.between(restarted, Instant.now()));
    System.out.printf(
        "[crash point %s] %d messages in flight; at the halt: %s; after the restart: %s;"
            + " duplicates counted since the restart: %.0f%n",
        point, IN_FLIGHT, crash, figures, duplicates());
    assertTrue(
        crash.settledAfterRestart().compareTo(FaultCell.settleDeadline()) <= 0,
        "back to an empty queue with nothing in doubt within "
            + FaultCell.settleDeadline()
            + " of the restart: "
            + crash);
    return crash;
  }

  /** The decision was in the transaction log at the halt, where the log can be counted. */
  private static void assertDecisionLogged(Crash crash) {
    crash
        .transactionLog()
        .ifPresent(
            entries ->
                assertTrue(entries >= 1, "the decision was in the log at the halt: " + crash));
  }

  /**
   * The halted message was acknowledged by recovery, not redelivered: its row is the first
   * delivery's.
   */
  private void assertRecoveryCommittedTheFirstDelivery(Crash crash) {
    assertEquals(
        Optional.of(1),
        database.appliedOnDelivery(crash.storm().consumer(), crash.haltedOn()),
        "recovery committed the first delivery: " + crash);
  }

  /**
   * The identities the transaction manager reported committed (the crash handler noted them) that
   * have no inbox row: a commit the database lost, for a failure's message.
   */
  private String committedWithoutARow(Storm storm) {
    File noted = new File(FaultCell.crashDirectory(), storm.run() + CrashPoint.COMMITTED_SUFFIX);
    try {
      List<String> committed = noted.exists() ? Files.readAllLines(noted.toPath()) : List.of();
      List<String> lost =
          committed.stream()
              .filter(id -> database.appliedOnDelivery(storm.consumer(), id).isEmpty())
              .toList();
      return "; %d deliveries noted committed by the transaction manager, of which without a row: %s"
          .formatted(committed.size(), lost);
    } catch (IOException | RuntimeException e) {
      return "; the deliveries noted committed could not be read: " + e;
    }
  }

  private double duplicates() {
    return server.counter("inbox_duplicates_total", CrashHandler.CONSUMER);
  }
}
