package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.Invocations;
import dev.inbox.it.handlers.Rows;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/** The same message id with another payload is a collision: quarantined, never applied. */
@InboxTest
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
    broker.settledWhen("the first payload applied", () -> rows.inbox(run) == 1);
    producer.send(quantity10Again, quantity12);
    broker.settledWhen(
        "the inbox queue drained and one message quarantined",
        () -> broker.quarantined(run).size() == 1);

    assertEquals(1, rows.inbox(EffectHandler.CONSUMER, run), "inbox rows");
    assertEquals(1, rows.effects(EffectHandler.CONSUMER, run), "effects");
    assertEquals(1, invocations.of(EffectHandler.CONSUMER, id), "handler calls");
    Broker.Found collision = broker.assertQuarantined(run, "payload-mismatch");
    assertEquals(EffectHandler.CONSUMER, collision.property("inbox_consumer"));
    assertEquals(id, collision.property("messageId"), "the identity survives quarantine");
    assertEquals("collision-test", collision.property("origin"), "original properties are kept");
    assertEquals(quantity12.body(), collision.text(), "the body is kept");
  }
}
