package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.InboxTest;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An operator's stop in the middle of a storm: the server shut down gracefully, or the inbox
 * undeployed, while messages are in delivery; then started or deployed again. Deliveries in flight
 * roll back and come back; nothing is lost and nothing applied twice.
 */
@InboxTest
@RunAsClient
class ShutdownIT {

  private static final int IDENTITIES = 400;

  @ArquillianResource private ContainerController controller;

  private Nodes nodes;
  private final Database database = new Database();
  private final Node server = Node.crashing();

  @BeforeEach
  void startTheServerAlone() {
    nodes = new Nodes(controller);
    nodes.startAlone(server);
  }

  @Test
  void aGracefulShutdownInAStormLosesNothingAndRepeatsNothing() {
    Storm storm = Storm.of(IDENTITIES, 1).sentAndUnderWay(IDENTITIES / 10);
    nodes.stop(server);
    int appliedAtTheStop = database.rows(storm.consumer(), storm.run());

    nodes.start(server);
    Oracle.Figures figures = storm.settled();
    System.out.printf(
        "[graceful shutdown] %d identities: %d applied at the stop; after the start: %s%n",
        IDENTITIES, appliedAtTheStop, figures);
    assertTrue(appliedAtTheStop < IDENTITIES, "the server stopped in the middle of the storm");
  }

  @Test
  void anUndeployInAStormLosesNothingAndRepeatsNothing() {
    Storm storm = Storm.of(IDENTITIES, 1).sentAndUnderWay(IDENTITIES / 10);
    server.management().undeployInbox();
    int appliedAtTheUndeploy = database.rows(storm.consumer(), storm.run());

    server.management().deployInbox();
    Oracle.Figures figures = storm.settled();
    System.out.printf(
        "[undeploy] %d identities: %d applied at the undeploy; after the deploy: %s%n",
        IDENTITIES, appliedAtTheUndeploy, figures);
    assertTrue(appliedAtTheUndeploy < IDENTITIES, "the inbox went away in the middle of the storm");
  }
}
