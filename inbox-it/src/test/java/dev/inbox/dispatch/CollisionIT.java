package dev.inbox.dispatch;

import static dev.inbox.it.Eventually.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.Producer;
import dev.inbox.it.TestMessage;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.Invocations;
import dev.inbox.it.handlers.Rows;
import jakarta.inject.Inject;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The same message id with another payload is a collision: quarantined, never applied. */
@ExtendWith(ArquillianExtension.class)
class CollisionIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(CollisionIT.class);
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;
  @Inject private Invocations invocations;

  @Test
  void sameIdWithAnotherPayloadIsQuarantinedAsPayloadMismatch() {
    String run = TestMessage.newRun();
    String id = run + "-evt-482";
    TestMessage quantity10 =
        TestMessage.of(run, id, EffectHandler.TYPE, "{\"sku\": \"A-1\", \"quantity\": 10}");
    // The same JSON, written differently: a redelivery, not a collision.
    TestMessage quantity10Again =
        TestMessage.of(run, id, EffectHandler.TYPE, "{ \"quantity\": 10.0, \"sku\": \"A-1\" }");
    TestMessage quantity12 =
        TestMessage.of(run, id, EffectHandler.TYPE, "{\"sku\": \"A-1\", \"quantity\": 12}")
            .with("origin", "collision-test");

    producer.send(quantity10);
    eventually("the first payload applied")
        .until(() -> broker.pendingOnInboxQueue() == 0 && rows.inbox(run) == 1);
    producer.send(quantity10Again, quantity12);
    eventually("the inbox queue drained and one message quarantined")
        .until(() -> broker.pendingOnInboxQueue() == 0 && broker.quarantined(run).size() == 1);

    assertEquals(1, rows.inbox(EffectHandler.CONSUMER, run), "inbox rows");
    assertEquals(1, rows.effects(EffectHandler.CONSUMER, run), "effects");
    assertEquals(1, invocations.of(EffectHandler.CONSUMER, id), "handler calls");
    List<Broker.Found> quarantined = broker.quarantined(run);
    assertEquals(1, quarantined.size(), "quarantined messages");
    Broker.Found collision = quarantined.get(0);
    assertEquals("payload-mismatch", collision.property("inbox_reason"));
    assertEquals(EffectHandler.CONSUMER, collision.property("inbox_consumer"));
    assertEquals(id, collision.property("messageId"), "the identity survives quarantine");
    assertEquals("collision-test", collision.property("origin"), "original properties are kept");
    assertEquals(quantity12.body(), collision.text(), "the body is kept");
  }
}
