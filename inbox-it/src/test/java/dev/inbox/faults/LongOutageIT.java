package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.InboxTest;
import dev.inbox.testkit.TestMessage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The database away for longer than the broker's redelivery lasts (twenty deliveries, about two and
 * a half minutes), cut off before the messages arrive, so that every delivery of every one of them
 * fails whatever the nodes' pace (a cut in the middle of a storm is {@link DatabaseOutageIT}'s):
 * the messages end in the dead-letter queue, kept there, none lost; once the database is back, the
 * operator redrives them with the script of {@code server-config/artemis}, and each is applied
 * once, counted as redriven. It takes some three minutes and does not depend on the database, so it
 * runs in the PostgreSQL cell only. Sixty identities: every delivery of every waiting message fails
 * while the database is away, and with two hundred the failing deliveries alone took CI's machine
 * eight minutes.
 */
@InboxTest
@RunAsClient
@Tag("one-database-cell")
class LongOutageIT {

  private static final int IDENTITIES = 60;

  @ArquillianResource private ContainerController controller;

  private final Database database = new Database();
  private final BrokerView broker = BrokerView.ofCell();

  @BeforeEach
  void startBothNodes() {
    Nodes nodes = new Nodes(controller);
    nodes.startAll();
  }

  @Test
  void anOutageLongerThanTheRedeliveriesDeadLettersWhatWaitedAndARedriveAppliesItOnce()
      throws Exception {
    double redrivesBefore = Node.onEveryNode("inbox_redrives_total", null);
    Storm storm = Storm.of(IDENTITIES, 1);
    String ofRun = TestMessage.RUN + " = '" + storm.run() + "'";
    database.cutOff();
    long deadLettered;
    try {
      try (Sender sender = new Sender()) {
        sender.sendTogether(storm.messages());
      }
      // Nothing left to deliver: every message dead-lettered.
      Awaitility.await("the broker giving up on every message the nodes could not apply")
          .pollInterval(Duration.ofSeconds(2))
          // Twenty redeliveries take some two and a half minutes; two hundred messages' took
          // over six once on CI's machine, while other cells ran beside it.
          .atMost(Duration.ofMinutes(10))
          .until(
              () ->
                  broker.depth(BrokerView.INBOX_QUEUE) == 0 && broker.preparedTransactions() == 0);
      deadLettered = broker.count(BrokerView.DEAD_LETTERS, ofRun);
    } finally {
      database.restore();
    }
    assertTrue(deadLettered > 0, "the outage outlasted the redeliveries of some messages");
    // None lost: each is kept in the dead-letter queue, or applied if a delivery got through.
    int applied = database.rows(storm.consumer(), storm.run());
    assertTrue(
        applied + deadLettered >= IDENTITIES,
        "applied before the outage (%d), or kept in the dead-letter queue (%d): none lost"
            .formatted(applied, deadLettered));

    redriveFromTheDeadLetterQueue(ofRun);

    Oracle.Figures figures = storm.settled();
    Awaitility.await("the redrives counted")
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> Node.onEveryNode("inbox_redrives_total", null) - redrivesBefore >= deadLettered);
    System.out.printf(
        "[long outage] %d identities sent to nodes cut off from the database: %d dead-lettered"
            + " during the outage and redriven after it; %s%n",
        IDENTITIES, deadLettered, figures);
    assertEquals(
        deadLettered,
        Node.onEveryNode("inbox_redrives_total", null) - redrivesBefore,
        "redrives counted");
  }

  /** What an operator runs: server-config/artemis/redrive.sh, as the broker's operators' user. */
  private static void redriveFromTheDeadLetterQueue(String selector)
      throws IOException, InterruptedException {
    File log = new File(FaultCell.crashDirectory(), "redrive.out");
    ProcessBuilder redrive =
        new ProcessBuilder(
                "bash",
                new File("../server-config/artemis/redrive.sh").getAbsolutePath(),
                "--from",
                "dlq",
                "--filter",
                selector)
            .redirectErrorStream(true)
            .redirectOutput(log);
    redrive.environment().put("INBOX_BROKER_JMX_URL", FaultCell.required("faults.jmx-url"));
    redrive
        .environment()
        .put("INBOX_BROKER_ADMIN_PASSWORD", FaultCell.required("faults.broker-admin-password"));
    Process process = redrive.start();
    String output;
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("redrive.sh did not end within 120 s");
    }
    output = Files.readString(log.toPath(), StandardCharsets.UTF_8).strip();
    assertEquals(0, process.exitValue(), "redrive.sh: " + output);
    System.out.println("[long outage] redrive.sh: " + output);
  }
}
