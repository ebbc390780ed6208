package dev.inbox.quarantine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
          Reason.LATE_DELIVERY,
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
            new Forwarded("evt-2", Reason.LATE_DELIVERY, "billing", null, "InboxQueue", true),
            seal));
    assertFalse(
        Seal.verifies(
            KEY,
            new Forwarded(
                "evt-1",
                Reason.LATE_DELIVERY,
                "billing",
                Instant.ofEpochMilli(1),
                "InboxQueue",
                true),
            seal));
    assertFalse(Seal.verifies(KEY, forwarded, "not base64 !"));
  }

  @Test
  void fieldsCannotBeShiftedFromOneToTheNext() {
    Forwarded one = new Forwarded("a", Reason.REJECTED, "bc", null, "q", true);
    Forwarded other = new Forwarded("ab", Reason.REJECTED, "c", null, "q", true);

    assertFalse(Seal.verifies(KEY, other, Seal.of(KEY, one)));
  }

  @Test
  void theInboxsPropertiesAreReadOnlyWithTheTypesItWrites() {
    Map<String, Object> properties = new HashMap<>();
    properties.put(Quarantine.REASON, "late-delivery");
    properties.put(Quarantine.CONSUMER, "billing");
    properties.put(Quarantine.MESSAGE_ID, "evt-1");
    properties.put(Quarantine.PRODUCED_AT, 1_700_000_000_000L);
    properties.put(Quarantine.ORIGINAL_DESTINATION, "InboxQueue");
    properties.put(Quarantine.BODY_KEPT, true);

    assertEquals(Optional.of(forwarded), Forwarded.read(properties));

    properties.put(Quarantine.PRODUCED_AT, "yesterday");
    assertEquals(Optional.empty(), Forwarded.read(properties), "a producer's malformed time");
    properties.put(Quarantine.PRODUCED_AT, 1L);
    properties.put(Quarantine.REASON, "made-up");
    assertEquals(Optional.empty(), Forwarded.read(properties), "a reason the inbox never gives");
  }
}
