package dev.inbox.receiving;

import static dev.inbox.testkit.Eventually.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.ConcurrencyHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.util.List;
import java.util.stream.IntStream;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * How many messages the MDB takes at once is the server's setting, not the build's: WildFly's suite
 * cells set {@code inbox.mdb.max-session} to 6, below the default and below WildFly's MDB pool (4
 * per core), and that many deliveries overlap, no more. On WildFly only: Payara's suite keeps the
 * default (docs/testing.md).
 */
@InboxTest
@EnabledIf("dev.inbox.it.Settings#onWildFly")
class ConcurrencyIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(ConcurrencyIT.class);
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;

  @Test
  void theMdbTakesAtMostTheConfiguredNumberOfMessagesAtOnce() {
    int maxSession = ConfigProvider.getConfig().getValue("inbox.mdb.max-session", Integer.class);
    String run = TestMessage.newRun();
    List<TestMessage> messages =
        IntStream.range(0, 5 * maxSession)
            .mapToObj(i -> TestMessage.of(run, run + "-" + i, ConcurrencyHandler.TYPE, "{}"))
            .toList();
    ConcurrencyHandler.reset();
    // All of them on the queue before any is delivered, so that every session the MDB has gets its
    // share at once: without the setting, the server's pool would let 8 (WildFly on two cores) or
    // 15
    // (Payara) run together.
    String inboxQueue = Settings.ofServer().brokerQueue("InboxQueue");
    broker.pause(inboxQueue);
    try {
      producer.send(messages);
    } finally {
      broker.resume(inboxQueue);
    }

    eventually("every message applied")
        .until(() -> rows.inbox(ConcurrencyHandler.CONSUMER, run) == messages.size());
    assertEquals(maxSession, ConcurrencyHandler.most(), "deliveries at once, at most");
  }
}
