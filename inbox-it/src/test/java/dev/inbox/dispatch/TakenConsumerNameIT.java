package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.ServerLog;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.misdeclared.TakenNameHandler;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.ShouldThrowException;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * A consumer name another handler already has fails the deployment, and the server log says which
 * handlers: the inbox never runs with two handlers writing rows under one name.
 */
@InboxTest
class TakenConsumerNameIT {

  /**
   * Where the server log ended before the deployment, noted by the deployment method, which the
   * test run calls before it deploys: the refusal is read from what follows.
   */
  private static long logMark;

  @Deployment(testable = false)
  @ShouldThrowException
  static EnterpriseArchive takenName() {
    logMark = ServerLog.lengthFromTestRun();
    return Deployments.withMisdeclared(TakenNameHandler.class);
  }

  @Test
  @RunAsClient
  void aNameTwoHandlersDeclareRefusesTheDeployment() {
    assertTrue(
        ServerLog.readFromTestRun(logMark)
            .contains("Consumer name '%s' is declared by both".formatted(EffectHandler.CONSUMER)),
        "the refusal names the consumer");
    assertTrue(
        ServerLog.readFromTestRun(logMark).contains(TakenNameHandler.class.getName()),
        "the refusal names the handler");
  }
}
