package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.misdeclared.TakenNameHandler;
import dev.inbox.it.misdeclared.UndeclaredHandler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.ShouldThrowException;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.EmptyAsset;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;

/**
 * A handler that declares no consumer, or a consumer name another handler already has, fails the
 * deployment, and the server log says which handler and what to change: the inbox never runs with
 * two handlers writing rows under one name, nor with a handler it cannot name.
 */
@InboxTest
class ConsumerDeclarationIT {

  @Deployment(name = "taken-name", testable = false)
  @ShouldThrowException
  static EnterpriseArchive takenName() {
    return Deployments.withTestHandlers().addAsLibrary(handler(TakenNameHandler.class));
  }

  @Deployment(name = "undeclared", testable = false)
  @ShouldThrowException
  static EnterpriseArchive undeclared() {
    return Deployments.withTestHandlers().addAsLibrary(handler(UndeclaredHandler.class));
  }

  @Test
  @RunAsClient
  @OperateOnDeployment("taken-name")
  void aNameTwoHandlersDeclareRefusesTheDeployment() throws IOException {
    assertTrue(
        serverLog()
            .contains("Consumer name '%s' is declared by both".formatted(EffectHandler.CONSUMER)),
        "the refusal names the consumer");
    assertTrue(
        serverLog().contains(TakenNameHandler.class.getName()), "the refusal names the handler");
  }

  @Test
  @RunAsClient
  @OperateOnDeployment("undeclared")
  void aHandlerWithoutAConsumerRefusesTheDeployment() throws IOException {
    assertTrue(
        serverLog()
            .contains(UndeclaredHandler.class.getName() + " implements InboxHandler but has no"),
        "the refusal names the handler and what to add");
  }

  private static JavaArchive handler(Class<?> handler) {
    return ShrinkWrap.create(JavaArchive.class, handler.getSimpleName() + ".jar")
        .addClass(handler)
        .addAsManifestResource(EmptyAsset.INSTANCE, "beans.xml");
  }

  private static String serverLog() throws IOException {
    return Files.readString(Path.of(System.getProperty("inbox.it.server-log")));
  }
}
