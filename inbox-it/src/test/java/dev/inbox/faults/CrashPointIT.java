package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.handlers.CrashHandler;
import dev.inbox.it.handlers.CrashPoint;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Optional;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * TESTING.md rows 9 and 10: the server JVM halts at each failure window of a delivery while a run's
 * messages are in flight, comes back, and the oracle holds. Every run sends its messages in one
 * transaction, so the MDB's sessions all hold one when the first to reach the point halts the
 * server; the others die mid-flight wherever they are.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class CrashPointIT {

  /** Messages of one run, all on the queue before the first delivery. */
  private static final int IN_FLIGHT = 30;

  @ArquillianResource private ContainerController controller;

  private Nodes nodes;
  private final Database database = new Database();
  private final StandaloneBroker broker = new StandaloneBroker();

  /** Node A alone: node B, left up by another test, would take crash messages too. */
  @BeforeEach
  void startNodeAAlone() {
    nodes = new Nodes(controller);
    nodes.stop(Node.B);
    nodes.start(Node.A);
  }

  @Test
  void atTheStartOfADeliveryBeforeAnyWrite() {
    Crash crash = crashAt(CrashPoint.DELIVERY_START);
    assertEquals(Optional.empty(), crash.haltedRowAtTheHalt(), "nothing written: " + crash);
  }

  @Test
  void afterTheInboxRowIsFlushed() {
    Crash crash = crashAt(CrashPoint.AFTER_INBOX_ROW);
    assertEquals(Optional.empty(), crash.haltedRowAtTheHalt(), "nothing committed: " + crash);
  }

  @Test
  void afterTheBusinessWriteBeforeTheCommit() {
    Crash crash = crashAt(CrashPoint.AFTER_BUSINESS_WRITE);
    assertEquals(Optional.empty(), crash.haltedRowAtTheHalt(), "nothing committed: " + crash);
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
    Crash crash = crashAt(CrashPoint.AFTER_DATABASE_COMMIT);
    assertEquals(Optional.of(1), crash.haltedRowAtTheHalt(), "the database committed: " + crash);
    assertTrue(crash.preparedInBroker() >= 1, "the broker's branch was left prepared: " + crash);
    Awaitility.await("the redelivery of the committed message counted as a duplicate")
        .atMost(Duration.ofSeconds(30))
        .until(() -> duplicatesOnNodeA() >= 1);
  }

  /**
   * Every branch is prepared and the commit decision logged (two-phase commit under XA; the
   * database already committed without it). Recovery finds the decision and commits what is left:
   * the message is acknowledged, not redelivered, so its row is the first delivery's.
   */
  @Test
  void afterTheCommitDecisionIsLogged() {
    Crash crash = crashAt(CrashPoint.AFTER_COMMIT_DECISION);
    assertTrue(crash.transactionLog() >= 1, "the decision was in the log at the halt: " + crash);
    assertTrue(crash.preparedInBroker() >= 1, "the broker's branch was in doubt: " + crash);
    if (FaultCell.xa()) {
      assertEquals(Optional.empty(), crash.haltedRowAtTheHalt(), "prepared only: " + crash);
      assertTrue(crash.preparedInDatabase() >= 1, "the database's branch was in doubt: " + crash);
    } else {
      assertEquals(Optional.of(1), crash.haltedRowAtTheHalt(), "committed first: " + crash);
    }
    assertEquals(
        Optional.of(1),
        database.appliedOnDelivery(crash.storm().consumer(), crash.haltedOn()),
        "recovery committed the first delivery: " + crash);
  }

  /** What the halt left behind, before the restart. */
  private record Crash(
      Storm storm,
      String haltedOn,
      Optional<Integer> haltedRowAtTheHalt,
      int appliedBefore,
      int preparedInBroker,
      int preparedInDatabase,
      int transactionLog) {

    @Override
    public String toString() {
      String row = haltedRowAtTheHalt.map(count -> "delivery " + count).orElse("none");
      return "halted on %s (its committed row: %s); %d of %d applied, in doubt: broker %d,"
              .formatted(haltedOn, row, appliedBefore, IN_FLIGHT, preparedInBroker)
          + " database %d, transaction log %d".formatted(preparedInDatabase, transactionLog);
    }
  }

  private Crash crashAt(CrashPoint point) {
    Storm storm = Storm.crashingAt(point, IN_FLIGHT);
    ProcessHandle server = nodes.process(Node.A);
    try (Sender sender = new Sender()) {
      sender.sendTogether(storm.messages());
    }

    nodes.awaitHalt(Node.A, server);
    String haltedOn = marker(storm.run());
    assertTrue(storm.identities().contains(haltedOn), "halted on a message of the run");
    Crash crash =
        new Crash(
            storm,
            haltedOn,
            database.appliedOnDelivery(storm.consumer(), haltedOn),
            database.rows(storm.consumer(), storm.run()),
            broker.preparedTransactions(),
            database.preparedTransactions(),
            Oracle.transactionLogEntries(Node.A));

    nodes.start(Node.A);
    Oracle.Figures figures = storm.settled(Node.A);
    System.out.printf(
        "[crash point %s] %d messages in flight; at the halt: %s; after the restart: %s;"
            + " duplicates counted since the restart: %.0f%n",
        point, IN_FLIGHT, crash, figures, duplicatesOnNodeA());
    return crash;
  }

  private static double duplicatesOnNodeA() {
    return Node.A.counter("inbox_duplicates_total", CrashHandler.CONSUMER);
  }

  /** The message that halted the server, as the crash handler wrote it down. */
  private static String marker(String run) {
    File marker = new File(FaultCell.crashDirectory(), run);
    try {
      return Files.readString(marker.toPath()).strip();
    } catch (IOException e) {
      throw new AssertionError("The server halted, but not at the crash point: no " + marker, e);
    }
  }
}
