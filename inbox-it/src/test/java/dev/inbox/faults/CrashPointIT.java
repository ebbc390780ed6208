package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Scrape;
import dev.inbox.it.TestMessage;
import dev.inbox.it.handlers.CrashHandler;
import dev.inbox.it.handlers.CrashPoint;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
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

  private Nodes nodes;

  @ArquillianResource private ContainerController controller;

  private final Database database = new Database();
  private final StandaloneBroker broker = new StandaloneBroker();

  /** Node A stays up from one test to the next; Arquillian stops it at the end of the suite. */
  @BeforeEach
  void startNodeA() {
    nodes = new Nodes(controller);
    nodes.start(Node.A);
  }

  @Test
  void atTheStartOfADeliveryBeforeAnyWrite() {
    crashAt(CrashPoint.DELIVERY_START);
  }

  @Test
  void afterTheInboxRowIsFlushed() {
    crashAt(CrashPoint.AFTER_INBOX_ROW);
  }

  @Test
  void afterTheBusinessWriteBeforeTheCommit() {
    crashAt(CrashPoint.AFTER_BUSINESS_WRITE);
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
    assertTrue(crash.preparedInBroker() >= 1, "the broker's branch was left prepared: " + crash);
    Awaitility.await("the redelivery of the committed message counted as a duplicate")
        .atMost(Duration.ofSeconds(30))
        .until(() -> duplicatesOnNodeA() >= 1);
  }

  /**
   * Every branch is prepared and the commit decision logged (two-phase commit under XA; the
   * database already committed without it). Recovery finds the decision and commits what is left:
   * the message is acknowledged, not redelivered.
   */
  @Test
  void afterTheCommitDecisionIsLogged() {
    Crash crash = crashAt(CrashPoint.AFTER_COMMIT_DECISION);
    assertTrue(crash.transactionLog() >= 1, "the decision was in the log at the halt: " + crash);
    assertTrue(crash.preparedInBroker() >= 1, "the broker's branch was in doubt: " + crash);
    if (FaultCell.xa()) {
      assertTrue(crash.preparedInDatabase() >= 1, "the database's branch was in doubt: " + crash);
    }
  }

  /** What the halt left behind, before the restart. */
  private record Crash(
      String haltedOn,
      int appliedBefore,
      int preparedInBroker,
      int preparedInDatabase,
      int transactionLog) {}

  private Crash crashAt(CrashPoint point) {
    String run = TestMessage.newRun();
    List<TestMessage> messages =
        IntStream.rangeClosed(1, IN_FLIGHT)
            .mapToObj(
                i ->
                    TestMessage.of(run, run + "-" + i, CrashHandler.TYPE, "{\"n\":" + i + "}")
                        .with(CrashPoint.PROPERTY, point.name()))
            .toList();
    Set<String> identities =
        messages.stream()
            .map(message -> (String) message.properties().get("messageId"))
            .collect(Collectors.toCollection(TreeSet::new));
    try (Sender sender = new Sender()) {
      sender.sendTogether(messages);
    }

    nodes.awaitHalt(Node.A);
    Crash crash =
        new Crash(
            marker(run),
            database.rows(CrashHandler.CONSUMER, run),
            broker.preparedTransactions(),
            database.preparedTransactions(),
            Oracle.transactionLogEntries(Node.A));
    assertTrue(identities.contains(crash.haltedOn()), "halted on a message of the run: " + crash);

    nodes.start(Node.A);
    Oracle.Figures figures = new Oracle().check(CrashHandler.CONSUMER, run, identities, Node.A);
    System.out.printf(
        "[crash point %s] %d messages in flight, halted on %s; at the halt: %d applied, in doubt"
            + " %d in the broker, %d in the database, %d in the transaction log; after the"
            + " restart: %s; duplicates counted since the restart: %.0f%n",
        point,
        IN_FLIGHT,
        crash.haltedOn(),
        crash.appliedBefore(),
        crash.preparedInBroker(),
        crash.preparedInDatabase(),
        crash.transactionLog(),
        figures,
        duplicatesOnNodeA());
    assertEquals(IN_FLIGHT, figures.rows());
    return crash;
  }

  private static double duplicatesOnNodeA() {
    return Scrape.of(Node.A.metricsUrl())
        .value("inbox_duplicates_total", Map.of("consumer", CrashHandler.CONSUMER));
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
