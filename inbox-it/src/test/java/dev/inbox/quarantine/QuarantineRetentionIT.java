package dev.inbox.quarantine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.handlers.Rows;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * What the quarantine keeps, when an operator asks it to keep less: without its body ({@code
 * inbox.quarantine.keep-body=false}) a quarantined copy still says whose message it was and why,
 * and no redrive can apply it; with a time to live ({@code inbox.quarantine.time-to-live}) the
 * broker expires it.
 */
@InboxTest
class QuarantineRetentionIT {

  private static final Duration TIME_TO_LIVE = Duration.ofHours(1);

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(
        QuarantineRetentionIT.class,
        Map.of(
            "inbox.quarantine.keep-body",
            "false",
            "inbox.quarantine.time-to-live",
            TIME_TO_LIVE.toString()));
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;

  @Test
  void aCopyWithoutItsBodyKeepsItsIdentityAndReasonAndExpires() {
    String run = TestMessage.newRun();
    TestMessage unknown =
        TestMessage.of(run, run + "-unknown", "it.nobody-handles-this", "{\"card\": \"4111\"}");
    long sentAt = System.currentTimeMillis();

    producer.send(unknown);

    Broker.Found copy = quarantinedAlone(run);
    assertEquals("unknown-type", copy.property("inbox_reason"));
    assertEquals(run + "-unknown", copy.property("messageId"), "the identity is kept");
    assertEquals(Boolean.FALSE, copy.property("inbox_body_kept"));
    assertNull(copy.text(), "no body: the copy is not even a text message");
    long expiration = ((Number) copy.property("expiration")).longValue();
    assertTrue(
        expiration >= sentAt + TIME_TO_LIVE.toMillis()
            && expiration <= System.currentTimeMillis() + TIME_TO_LIVE.toMillis(),
        "expires an hour after it was quarantined: " + copy);
    assertEquals(0, rows.inbox(run), "inbox rows");
  }

  @Test
  void aRedrivenCopyWithoutItsBodyIsQuarantinedAgainNeverApplied() {
    String run = TestMessage.newRun();
    producer.send(TestMessage.of(run, run + "-unknown", "it.nobody-handles-this", "{}"));
    quarantinedAlone(run);

    assertEquals(1, broker.redriveFromQuarantine(TestMessage.RUN + " = '" + run + "'"));

    broker.settledWhen(
        "the redriven copy quarantined again, as one whose body was not kept",
        () ->
            broker.quarantined(run).stream()
                .anyMatch(found -> "body-not-kept".equals(found.property("inbox_reason"))));
    assertEquals(1, broker.quarantined(run).size(), "one copy, moved and quarantined again");
    assertEquals(0, rows.inbox(run), "inbox rows");
  }

  private Broker.Found quarantinedAlone(String run) {
    broker.settledWhen(
        "the inbox queue drained and the message quarantined",
        () -> broker.quarantined(run).size() == 1);
    List<Broker.Found> quarantined = broker.quarantined(run);
    return quarantined.get(0);
  }
}
