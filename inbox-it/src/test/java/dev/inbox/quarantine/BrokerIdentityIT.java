package dev.inbox.quarantine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.handlers.IdentityAuditHandler;
import dev.inbox.it.handlers.IdentityBillingHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * Keyed on the broker's own message id ({@code inbox.message-id-property=JMSMessageID}), a message
 * keeps its identity through the quarantine, although the copy there has a new {@code
 * JMSMessageID}: a consumer that applied it sees the redriven copy as a duplicate.
 */
@InboxTest
class BrokerIdentityIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(
        BrokerIdentityIT.class, Map.of("inbox.message-id-property", "JMSMessageID"));
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;

  @Test
  void aRedrivenCopyKeepsTheBrokersIdOfTheOriginal() throws JMSException {
    String run = TestMessage.newRun();
    // Version 1: the audit consumer applies it, the billing consumer (version 2 only) quarantines.
    Message sent =
        producer
            .sendBuilt(
                List.of(
                    jms -> {
                      Message message = jms.createTextMessage("{\"order\": 1}");
                      try {
                        message.setStringProperty(TestMessage.RUN, run);
                        message.setStringProperty("messageType", IdentityAuditHandler.TYPE);
                        message.setStringProperty("contractVersion", "1");
                      } catch (JMSException e) {
                        throw new IllegalStateException(e);
                      }
                      return message;
                    }))
            .get(0);
    String id = sent.getJMSMessageID();
    broker.settledWhen(
        "applied by one consumer, quarantined by the other",
        () ->
            rows.effectsOf(IdentityAuditHandler.CONSUMER, id) == 1
                && broker.quarantined(run).size() == 1);
    Broker.Found quarantined = broker.quarantined(run).get(0);
    assertEquals(IdentityBillingHandler.CONSUMER, quarantined.property("inbox_consumer"));
    assertEquals(id, quarantined.property("inbox_message_id"), "the original's id, recorded");

    assertEquals(1, broker.redriveFromQuarantine(TestMessage.RUN + " = '" + run + "'"), "moved");

    broker.settledWhen(
        "the redriven copy settled, quarantined again by the billing consumer",
        () -> broker.quarantined(run).size() == 1);
    assertEquals(1, rows.effectsOf(IdentityAuditHandler.CONSUMER, id), "applied once, not twice");
    assertEquals(List.of(id), rows.inboxIds(IdentityAuditHandler.CONSUMER, id), "one row, its id");
  }
}
