package dev.inbox.dispatch;

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
 * A broker that dead-letters a message before every consumer of its type could use its attempts
 * refuses the deployment, with a message that names both numbers and what to change.
 */
@InboxTest
class AttemptBudgetIT {

  @Deployment(testable = false)
  @ShouldThrowException
  static EnterpriseArchive deployment() {
    // The test handlers have two consumers of one type: 2 x 5 attempts + 1 do not fit in 10.
    return Deployments.inbox(
        AttemptBudgetIT.class, Map.of("inbox.broker.max-delivery-attempts", "10"));
  }

  @Test
  @RunAsClient
  void theServerLogSaysWhyWithBothNumbers() {
    String log = ServerLog.readFromTestRun();
    assertTrue(
        log.contains("each allowed inbox.max-attempts=5 failed attempts")
            && log.contains("at most inbox.broker.max-delivery-attempts=10 times"),
        "the refusal names both numbers");
  }
}
