package dev.inbox.retention;

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

/**
 * A retention shorter than the redelivery horizon refuses the deployment, with a message that names
 * both durations.
 */
@InboxTest
class RetentionCheckIT {

  @Deployment(testable = false)
  @ShouldThrowException
  static EnterpriseArchive deployment() {
    // One hour, against the default horizon: 20 deliveries x 10 s + a 7-day redrive window.
    return Deployments.inbox(RetentionCheckIT.class, Map.of("inbox.retention.default", "PT1H"));
  }

  @Test
  @RunAsClient
  void theServerLogSaysWhyWithBothDurations() {
    String log = ServerLog.readFromTestRun();
    assertTrue(
        log.contains("Inbox retention is shorter than the redelivery horizon of PT168H3M20S")
            && log.contains("keeps rows for PT1H"),
        "the refusal names the horizon and the retention");
  }
}
