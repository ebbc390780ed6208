package dev.inbox.receiving;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/** The CloudEvents JMS binding: identity from ce_source and ce_id, type from ce_type. */
@InboxTest
class CloudEventsIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(CloudEventsIT.class);
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;

  @Test
  void aCloudEventIsIdentifiedBySourceAndId() {
    String run = TestMessage.newRun();
    String source = "/" + run + "/crm";
    TestMessage event =
        new TestMessage(
            "{\"order\": 1}",
            Map.of(
                TestMessage.RUN,
                run,
                "ce_specversion",
                "1.0",
                "ce_id",
                "A-234",
                "ce_source",
                source,
                "ce_type",
                EffectHandler.TYPE));
    // Another source may reuse the id: it is another event.
    TestMessage otherSource = event.with("ce_source", source + "/eu");

    producer.send(event, event, otherSource);

    broker.settledWhen("the inbox queue drained", () -> rows.inbox(source) == 2);
    assertEquals(1, rows.inbox(EffectHandler.CONSUMER, source + " A-234"), "the first source");
    assertEquals(1, rows.inbox(EffectHandler.CONSUMER, source + "/eu A-234"), "the other source");
    assertEquals(2, rows.effects(EffectHandler.CONSUMER, source), "effects");
  }
}
