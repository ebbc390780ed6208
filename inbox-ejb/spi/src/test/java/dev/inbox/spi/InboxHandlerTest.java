package dev.inbox.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class InboxHandlerTest {

  private static final InboxHandler DEFAULTS = (message, context) -> {};

  @Test
  void theOrderingKeyAndTheSequenceAreJmsGroupsByDefault() {
    Envelope grouped = envelope(Map.of("JMSXGroupID", "order-7", "JMSXGroupSeq", 3));

    assertEquals(Optional.of("order-7"), DEFAULTS.orderingKey(grouped));
    assertEquals(OptionalLong.of(3), DEFAULTS.sequence(grouped));
  }

  @Test
  void noSequenceWithoutTheProperty() {
    assertEquals(OptionalLong.empty(), DEFAULTS.sequence(envelope(Map.of())));
  }

  @Test
  void aSequenceOfZeroOrBelowIsNone() {
    // Artemis closes a group with a negative JMSXGroupSeq.
    assertEquals(OptionalLong.empty(), DEFAULTS.sequence(envelope(Map.of("JMSXGroupSeq", 0))));
    assertEquals(OptionalLong.empty(), DEFAULTS.sequence(envelope(Map.of("JMSXGroupSeq", -1))));
  }

  @Test
  void aSequenceThatIsNotANumberRejectsTheMessage() {
    MessageRejectedException rejected =
        assertThrows(
            MessageRejectedException.class,
            () -> DEFAULTS.sequence(envelope(Map.of("JMSXGroupSeq", "third"))));
    assertTrue(rejected.getMessage().contains("'third'"), rejected.getMessage());
  }

  private static Envelope envelope(Map<String, Object> properties) {
    return new Envelope("evt-1", "order.paid", null, null, Payload.ofText("{}"), properties, null);
  }
}
