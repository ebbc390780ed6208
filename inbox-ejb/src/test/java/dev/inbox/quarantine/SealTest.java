package dev.inbox.quarantine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.spi.QuarantineProperties;
import dev.inbox.spi.QuarantineReason;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SealTest {

  private static final byte[] KEY = "a key of thirty-two bytes, ok?..".getBytes();

  private final Forwarded forwarded =
      new Forwarded(
          "evt-1",
          QuarantineReason.LATE_DELIVERY,
          "billing",
          Instant.ofEpochMilli(1_700_000_000_000L),
          "InboxQueue",
          true);

  @Test
  void aSealVerifiesTheFieldsItWasMadeFor() {
    assertTrue(Seal.verifies(KEY, forwarded, Seal.of(KEY, forwarded)));
  }

  @Test
  void anyChangedFieldOrAnotherKeyFailsIt() {
    String seal = Seal.of(KEY, forwarded);

    assertFalse(Seal.verifies("another key of 32 bytes, not ok..".getBytes(), forwarded, seal));
    assertFalse(
        Seal.verifies(
            KEY,
            new Forwarded(
                "evt-2", QuarantineReason.LATE_DELIVERY, "billing", null, "InboxQueue", true),
            seal));
    assertFalse(
        Seal.verifies(
            KEY,
            new Forwarded(
                "evt-1",
                QuarantineReason.LATE_DELIVERY,
                "billing",
                Instant.ofEpochMilli(1),
                "InboxQueue",
                true),
            seal));
    assertFalse(Seal.verifies(KEY, forwarded, "not base64 !"));
  }

  @Test
  void fieldsCannotBeShiftedFromOneToTheNext() {
    Forwarded one = new Forwarded("a", QuarantineReason.REJECTED, "bc", null, "q", true);
    Forwarded other = new Forwarded("ab", QuarantineReason.REJECTED, "c", null, "q", true);

    assertFalse(Seal.verifies(KEY, other, Seal.of(KEY, one)));
  }

  @Test
  void theInboxsPropertiesAreReadOnlyWithTheTypesItWrites() {
    Map<String, Object> properties = new HashMap<>();
    properties.put(QuarantineProperties.REASON, "late-delivery");
    properties.put(QuarantineProperties.CONSUMER, "billing");
    properties.put(QuarantineProperties.MESSAGE_ID, "evt-1");
    properties.put(QuarantineProperties.PRODUCED_AT, 1_700_000_000_000L);
    properties.put(QuarantineProperties.ORIGINAL_DESTINATION, "InboxQueue");
    properties.put(QuarantineProperties.BODY_KEPT, true);

    assertEquals(Optional.of(forwarded), Forwarded.read(properties));

    properties.put(QuarantineProperties.PRODUCED_AT, "yesterday");
    assertEquals(Optional.empty(), Forwarded.read(properties), "a producer's malformed time");
    properties.put(QuarantineProperties.PRODUCED_AT, 1L);
    properties.put(QuarantineProperties.REASON, "made-up");
    assertEquals(Optional.empty(), Forwarded.read(properties), "a reason the inbox never gives");
  }
}
