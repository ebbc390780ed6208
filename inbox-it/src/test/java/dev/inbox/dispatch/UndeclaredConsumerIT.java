package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.ServerLog;
import dev.inbox.it.misdeclared.UndeclaredHandler;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.ShouldThrowException;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * A handler that declares no consumer fails the deployment, and the server log says which handler
 * and what to add: the inbox never runs with a handler it cannot name.
 */
@InboxTest
class UndeclaredConsumerIT {

  /**
   * Where the server log ended before the deployment, noted by the deployment method, which the
   * test run calls before it deploys: the refusal is read from what follows.
   */
  private static long logMark;

  @Deployment(testable = false)
  @ShouldThrowException
  static EnterpriseArchive undeclared() {
    logMark = ServerLog.lengthFromTestRun();
    return Deployments.withMisdeclared(UndeclaredHandler.class);
  }

  @Test
  @RunAsClient
  void aHandlerWithoutAConsumerRefusesTheDeployment() {
    assertTrue(
        ServerLog.readFromTestRun(logMark)
            .contains(UndeclaredHandler.class.getName() + " implements InboxHandler but has no"),
        "the refusal names the handler and what to add");
  }
}
