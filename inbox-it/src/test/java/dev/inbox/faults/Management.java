package dev.inbox.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.jboss.as.controller.client.ModelControllerClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;

/**
 * A WildFly server's management API, on a connection per call (the server may have halted since the
 * last), as jboss-cli uses it on the same machine: with the local user's authentication, no
 * password.
 */
final class Management {

  private final int port;

  Management(int port) {
    this.port = port;
  }

  /** Runs one operation and gives its result; a failed operation fails the test with why. */
  ModelNode execute(ModelNode operation) {
    try (ModelControllerClient client =
        ModelControllerClient.Factory.create("remote+http", "127.0.0.1", port)) {
      ModelNode outcome = client.execute(operation);
      if (!Operations.isSuccessfulOutcome(outcome)) {
        throw new IllegalStateException(
            operation + " failed: " + Operations.getFailureDescription(outcome));
      }
      return Operations.readResult(outcome);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot reach the server's management on " + port, e);
    }
  }

  /** Undeploys the inbox and deploys it again, as an operator does with the same archive. */
  void undeployInbox() {
    execute(Operations.createOperation("undeploy", deployment()));
  }

  void deployInbox() {
    execute(Operations.createOperation("deploy", deployment()));
  }

  private static ModelNode deployment() {
    return Operations.createAddress("deployment", "inbox.ear");
  }
}
