package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.Payload;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RedriveTest {

  @Test
  void aMessageFromQuarantineOrMovedByTheBrokerIsRedriven() {
    assertTrue(Redrive.isRedriven(with(Map.of("inbox_reason", "retries-exhausted"))));
    assertTrue(Redrive.isRedriven(with(Map.of("_AMQ_ORIG_ADDRESS", "jms.queue.InboxDLQ"))));
  }

  @Test
  void aProducersMessageIsNot() {
    assertFalse(Redrive.isRedriven(with(Map.of("messageId", "evt-1"))));
  }

  private static Envelope with(Map<String, Object> properties) {
    return new Envelope(
        "evt-1", "t", null, null, Payload.ofText("{}"), properties, 1, null, "InboxQueue");
  }
}
