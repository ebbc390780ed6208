package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.InboxTest;
import dev.inbox.testkit.TestMessage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A handler slower than the transaction timeout (the cell's server runs with a short one, {@code
 * faults.transaction-timeout}): the timeout rolls each attempt back under the handler, which the
 * inbox counts as the handler's failure, so the message ends quarantined after its attempts,
 * applied never, instead of going round the broker's redeliveries.
 */
@InboxTest
@RunAsClient
class SlowHandlerIT {

  @ArquillianResource private ContainerController controller;

  private final Database database = new Database();
  private final BrokerView broker = BrokerView.ofCell();
  private final Node server = Node.crashing();

  @BeforeEach
  void startTheServer() {
    new Nodes(controller).start(server);
  }

  @Test
  void aHandlerSlowerThanTheTransactionTimeoutEndsQuarantinedNeverApplied() {
    Duration timeout =
        Duration.ofSeconds(Long.parseLong(FaultCell.required("faults.transaction-timeout")));
    Storm storm = Storm.slow(timeout.plusSeconds(2));
    try (Sender sender = new Sender()) {
      sender.sendTogether(storm.messages());
    }
    String ofRun = TestMessage.RUN + " = '" + storm.run() + "'";

    Awaitility.await("the slow message quarantined")
        .pollInterval(Duration.ofSeconds(1))
        .atMost(Duration.ofMinutes(4))
        .until(
            () ->
                broker.count(
                            BrokerView.QUARANTINE,
                            ofRun + " AND inbox_reason = 'retries-exhausted'")
                        == 1
                    && broker.depth(BrokerView.INBOX_QUEUE) == 0);
    assertEquals(Map.of(), database.effects(storm.consumer(), storm.run()), "effects");
    assertEquals(0, database.rows(storm.consumer(), storm.run()), "inbox rows");
    assertEquals(0, broker.count(BrokerView.DEAD_LETTERS, ofRun), "dead-lettered");
    assertEquals(
        List.of(5),
        database.failedAttempts(storm.consumer(), storm.run()),
        "attempts the failure ledger counted: inbox.max-attempts");
  }
}
