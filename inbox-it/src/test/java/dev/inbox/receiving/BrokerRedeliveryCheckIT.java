package dev.inbox.receiving;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.ServerLog;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.ShouldThrowException;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * Settings that say the broker redelivers otherwise than it does refuse the deployment, where the
 * broker runs in the server's JVM and can be read: on WildFly's embedded broker, so on the WildFly
 * suite cells only (Payara's broker is another process, whose numbers the inbox takes on trust).
 */
@InboxTest
@EnabledIf("dev.inbox.it.Settings#onWildFly")
class BrokerRedeliveryCheckIT {

  @Deployment(testable = false)
  @ShouldThrowException
  static EnterpriseArchive deployment() {
    // The broker delivers 20 times (server-config/inbox-queue.properties); 30 fits every other
    // start-up check, so only this one can refuse.
    return Deployments.inbox(
        BrokerRedeliveryCheckIT.class, Map.of("inbox.broker.max-delivery-attempts", "30"));
  }

  @Test
  @RunAsClient
  void theServerLogSaysWhatTheBrokerDoesAndWhatTheSettingsSay() {
    String log = ServerLog.readFromTestRun();
    assertTrue(
        log.contains("(address jms.queue.InboxQueue) at most 20 times, at most PT10S apart")
            && log.contains("but inbox.broker.max-delivery-attempts=30 and")
            && log.contains("Set inbox.broker.max-delivery-attempts=20"),
        "the refusal names the broker's numbers and the settings'");
  }
}
