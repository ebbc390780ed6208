package dev.inbox.receiving;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.dispatch.Redrive;
import dev.inbox.quarantine.Forwarded;
import dev.inbox.spi.QuarantineReason;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RedriveTest {

  private static final Set<String> DEAD_LETTERS = Set.of("jms.queue.InboxDLQ", "InboxDLQ");

  @Test
  void aCopyWhoseSealVerifiedComesFromQuarantine() {
    Forwarded sealed =
        new Forwarded(
            "evt-1", QuarantineReason.RETRIES_EXHAUSTED, "billing", null, "InboxQueue", true);

    assertEquals(Redrive.FROM_QUARANTINE, Origin.of(Optional.of(sealed), Map.of(), DEAD_LETTERS));
  }

  @Test
  void aMessageMovedFromADeadLetterQueueIsRedriven() {
    assertEquals(
        Redrive.FROM_DEAD_LETTERS,
        Origin.of(
            Optional.empty(), Map.of("_AMQ_ORIG_ADDRESS", "jms.queue.InboxDLQ"), DEAD_LETTERS));
  }

  @Test
  void aDeadLetterAddressFullyQualifiedWithItsQueueIsOneToo() {
    assertEquals(
        Redrive.FROM_DEAD_LETTERS,
        Origin.of(
            Optional.empty(), Map.of("_AMQ_ORIG_ADDRESS", "InboxDLQ::InboxDLQ"), DEAD_LETTERS));
  }

  @Test
  void aProducersMessageIsNotEvenWithTheInboxsPropertiesOnIt() {
    assertEquals(
        Redrive.NONE,
        Origin.of(
            Optional.empty(),
            Map.of("messageId", "evt-1", "inbox_reason", "retries-exhausted"),
            DEAD_LETTERS));
  }

  @Test
  void aMessageADivertRoutedHereIsNot() {
    assertEquals(
        Redrive.NONE,
        Origin.of(Optional.empty(), Map.of("_AMQ_ORIG_ADDRESS", "orders.created"), DEAD_LETTERS));
  }
}
