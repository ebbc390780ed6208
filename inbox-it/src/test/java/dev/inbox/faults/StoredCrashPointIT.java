package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.InboxTest;
import dev.inbox.it.handlers.CrashPoint;
import dev.inbox.it.stored.StoredCrashHandler;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A consumer in store-then-process mode: the server JVM halts at each window of the mode while a
 * run's messages are in flight, in three ordering keys numbered within each, comes back, and the
 * oracle holds, with the order of every key: each identity applied exactly once, in its key's
 * order, nothing stored left unfinished, nothing quarantined. A claim the halt left behind is taken
 * over by the restarted server once its lease (10 s here) has run out.
 */
@InboxTest
@RunAsClient
class StoredCrashPointIT {

  /** Messages of one run, all on the queue before the first delivery. */
  private static final int IN_FLIGHT = 30;

  @ArquillianResource private ContainerController controller;

  private Nodes nodes;
  private final Database database = new Database();
  private final Node server = Node.crashing();

  /** The crashing server alone: another node, left up by another test, would take its messages. */
  @BeforeEach
  void startTheCrashingServerAlone() {
    nodes = new Nodes(controller);
    nodes.startAlone(server);
  }

  /** The message is stored and acknowledged: the restarted server's workers apply it. */
  @Test
  void afterTheIntakeCommits() {
    Halt halt = crashAt(CrashPoint.AFTER_INTAKE_COMMIT);
    assertTrue(halt.rowAtTheHalt(), "its intake committed: " + halt);
  }

  /** The claim is leased to the halted server: the restarted one takes it over after the lease. */
  @Test
  void afterAWorkersClaim() {
    Halt halt = crashAt(CrashPoint.AFTER_CLAIM);
    assertTrue(halt.rowAtTheHalt() && !halt.effectAtTheHalt(), "claimed, not applied: " + halt);
    assertTrue(
        server.counter("inbox_claims_taken_over_total", StoredCrashHandler.CONSUMER) >= 1,
        "the restarted server counted its takeover of the halted claim");
  }

  /** The handler's write rolls back with the done mark: the takeover applies the message once. */
  @Test
  void afterTheHandlersWriteBeforeTheDoneMark() {
    Halt halt = crashAt(CrashPoint.AFTER_HANDLER_WRITE);
    assertTrue(halt.rowAtTheHalt() && !halt.effectAtTheHalt(), "written, not committed: " + halt);
  }

  /**
   * The takeover of the halted claim halts the server too: the next start's takeover applies it.
   */
  @Test
  void duringTheTakeoverOfAHaltedClaim() {
    Storm storm = Storm.storedCrashingAt(CrashPoint.DURING_TAKEOVER, IN_FLIGHT);
    ProcessHandle process = nodes.process(server);
    try (Sender sender = new Sender()) {
      sender.sendTogether(storm.messages());
    }
    nodes.awaitHalt(server, process);
    String halted = marker(storm.run(), "");
    nodes.startUntilItHalts(server);
    assertEquals(halted, marker(storm.run(), ".taken-over"), "the takeover halted on it");
    nodes.start(server);
    settled(storm, CrashPoint.DURING_TAKEOVER);
  }

  /** What the halt left of the message that halted the server. */
  private record Halt(String messageId, boolean rowAtTheHalt, boolean effectAtTheHalt) {}

  /** Halts the server at the point while a run is in flight, restarts it, and checks the oracle. */
  private Halt crashAt(CrashPoint point) {
    Storm storm = Storm.storedCrashingAt(point, IN_FLIGHT);
    ProcessHandle process = nodes.process(server);
    try (Sender sender = new Sender()) {
      sender.sendTogether(storm.messages());
    }
    nodes.awaitHalt(server, process);
    String halted = marker(storm.run(), "");
    assertTrue(storm.identities().contains(halted), "halted on a message of the run");
    Halt halt =
        new Halt(
            halted,
            database.appliedOnDelivery(storm.consumer(), halted).isPresent(),
            database.effects(storm.consumer(), storm.run()).containsKey(halted));
    nodes.start(server);
    settled(storm, point);
    return halt;
  }

  /** The oracle, and every key's messages applied in the order of their numbers. */
  private void settled(Storm storm, CrashPoint point) {
    Oracle.Figures figures = storm.settled();
    List<String> applied = database.appliedInOrder(storm.consumer(), storm.run());
    for (Map.Entry<String, List<String>> key : storm.identitiesByKey().entrySet()) {
      assertEquals(
          key.getValue(),
          applied.stream().filter(key.getValue()::contains).toList(),
          "the order of key " + key.getKey() + " after a halt " + point + ": " + figures);
    }
    System.out.printf("[stored crash point %s] %s%n", point, figures);
  }

  /** The message that halted the server, as the crash handler wrote it down. */
  private static String marker(String run, String suffix) {
    File marker = new File(FaultCell.crashDirectory(), run + suffix);
    try {
      return Files.readString(marker.toPath()).strip();
    } catch (IOException e) {
      throw new AssertionError("The server halted, but not at the crash point: no " + marker, e);
    }
  }
}
