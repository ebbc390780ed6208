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

  @Deployment(testable = false)
  @ShouldThrowException
  static EnterpriseArchive undeclared() {
    return Deployments.withMisdeclared(UndeclaredHandler.class);
  }

  @Test
  @RunAsClient
  void aHandlerWithoutAConsumerRefusesTheDeployment() {
    assertTrue(
        ServerLog.readFromTestRun()
            .contains(UndeclaredHandler.class.getName() + " implements InboxHandler but has no"),
        "the refusal names the handler and what to add");
  }
}
