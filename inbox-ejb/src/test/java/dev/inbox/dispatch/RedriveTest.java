package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.Payload;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RedriveTest {

  private static final Set<String> DEAD_LETTERS = Set.of("jms.queue.InboxDLQ", "InboxDLQ");

  @Test
  void aMessageFromQuarantineOrADeadLetterQueueIsRedriven() {
    assertTrue(Redrive.isRedriven(with(Map.of("inbox_reason", "retries-exhausted")), DEAD_LETTERS));
    assertTrue(
        Redrive.isRedriven(with(Map.of("_AMQ_ORIG_ADDRESS", "jms.queue.InboxDLQ")), DEAD_LETTERS));
  }

  @Test
  void aProducersMessageIsNot() {
    assertFalse(Redrive.isRedriven(with(Map.of("messageId", "evt-1")), DEAD_LETTERS));
  }

  @Test
  void aMessageADivertRoutedHereIsNot() {
    assertFalse(
        Redrive.isRedriven(with(Map.of("_AMQ_ORIG_ADDRESS", "orders.created")), DEAD_LETTERS));
  }

  private static Envelope with(Map<String, Object> properties) {
    return new Envelope(
        "evt-1", "t", null, null, Payload.ofText("{}"), properties, 1, null, "InboxQueue");
  }
}
