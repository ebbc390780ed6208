package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.testkit.Eventually;
import dev.inbox.testkit.InboxDeployment;
import dev.inbox.testkit.InboxProbe;
import dev.inbox.testkit.InboxRow;
import dev.inbox.testkit.Quarantined;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.io.File;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The handler on a real server, with the real inbox and broker: this project's EAR, deployed with
 * these tests, which run inside the server.
 */
@ExtendWith(ArquillianExtension.class)
class ShipOrderIT {

  private static final Map<String, String> SHIPPING = Map.of("consumer", ShipOrder.CONSUMER);

  @Inject InboxProbe inbox;

  @PersistenceContext(unitName = "shipping")
  EntityManager em;

  /**
   * The EAR this build made, with these tests, and the test kit's settings that the run was given
   * (on Payara, where the metrics are).
   */
  @Deployment
  static EnterpriseArchive deployment() {
    return InboxDeployment.of(new File(System.getProperty("application.ear")), ShipOrderIT.class);
  }

  @Test
  void aRedeliveredOrderIsShippedOnce() {
    String run = TestMessage.newRun();
    double duplicatesBefore = inbox.metric("inbox_duplicates_total", SHIPPING);
    TestMessage order = placed(run, run + "-1", "{\"orderId\":\"" + run + "\",\"address\":\"1 Main St\"}");

    inbox.send(order, order);

    InboxRow row = inbox.awaitRow(ShipOrder.CONSUMER, run + "-1");
    assertTrue(row.applied(), "the first delivery is applied");
    Eventually.eventually("the second delivery counted as a duplicate")
        .until(() -> inbox.metric("inbox_duplicates_total", SHIPPING) >= duplicatesBefore + 1);
    assertEquals(1, shipments(run), "one shipment for two deliveries");
  }

  @Test
  void theSameOrderUnderAnotherMessageIdIsADuplicateOfTheFirst() {
    String run = TestMessage.newRun();
    String body = "{\"orderId\":\"" + run + "\",\"address\":\"1 Main St\"}";
    inbox.send(placed(run, run + "-1", body));
    inbox.awaitRow(ShipOrder.CONSUMER, run + "-1");

    inbox.send(placed(run, run + "-2", body));

    InboxRow second = inbox.awaitRow(ShipOrder.CONSUMER, run + "-2");
    assertEquals(run + "-1", second.duplicateOf().orElse("none"), "recorded as a duplicate of");
    assertEquals(1, shipments(run), "still one shipment");
  }

  @Test
  void anOrderWithoutAnAddressIsQuarantinedNotShipped() {
    String run = TestMessage.newRun();

    inbox.send(placed(run, run + "-1", "{\"orderId\":\"" + run + "\"}"));

    Quarantined quarantined = inbox.awaitQuarantined(run + "-1");
    assertEquals("rejected", quarantined.reason());
    assertTrue(inbox.row(ShipOrder.CONSUMER, run + "-1").isEmpty(), "no row: never applied");
    assertEquals(0, shipments(run));
  }

  private static TestMessage placed(String run, String messageId, String body) {
    return TestMessage.of(run, messageId, ShipOrder.TYPE, body);
  }

  private long shipments(String orderId) {
    return em.createQuery("SELECT COUNT(s) FROM Shipment s WHERE s.orderId = :order", Long.class)
        .setParameter("order", orderId)
        .getSingleResult();
  }
}
