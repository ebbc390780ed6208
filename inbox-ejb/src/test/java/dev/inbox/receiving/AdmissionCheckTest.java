package dev.inbox.receiving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.dispatch.Admission;
import dev.inbox.quarantine.Reason;
import dev.inbox.spi.Envelope;
import dev.inbox.spi.Payload;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AdmissionCheckTest {

  @Test
  void aWellFormedMessageIsAdmittedWithItsFingerprint() {
    Admission admission = AdmissionCheck.of(message("evt-1", "order.created", "{}"), null);

    assertInstanceOf(Admission.Admitted.class, admission);
  }

  @Test
  void identitiesThatCannotBeStoredAsTheyAreAreRefused() {
    assertRefused(Reason.MISSING_IDENTITY, message(null, "t", "{}"));
    assertRefused(Reason.INVALID_IDENTITY, message("x".repeat(401), "t", "{}"));
    assertRefused(Reason.INVALID_IDENTITY, message("evt\u0000", "t", "{}"));
    assertRefused(Reason.INVALID_IDENTITY, message("evt\uD800", "t", "{}"));
  }

  @Test
  void aCloudEventsSourceWithASpaceIsRefusedSoThatNoTwoIdentitiesMerge() {
    // "a b" + "c" and "a" + "b c" would both be "a b c".
    Envelope event = message("a b c", "t", "{}");

    assertRefused(Reason.INVALID_IDENTITY, event, "a b");
    assertInstanceOf(Admission.Admitted.class, AdmissionCheck.of(event, "a"));
  }

  @Test
  void typesVersionsAndTenantsThatCannotBeStoredAreRefused() {
    assertRefused(Reason.MISSING_TYPE, message("evt-1", null, "{}"));
    assertRefused(Reason.INVALID_PROPERTY, message("evt-1", "t".repeat(201), "{}"));
    assertRefused(Reason.INVALID_PROPERTY, message("evt-1", "order\u0000created", "{}"));
    Envelope badTenant =
        new Envelope("evt-1", "t", "1", "acme\u0007", Payload.ofText("{}"), Map.of(), 1, null, "q");
    Admission.Refused refused = assertRefused(Reason.INVALID_PROPERTY, badTenant);
    assertTrue(refused.detail().startsWith("tenant has a control character"), refused.detail());
  }

  @Test
  void aBodyThatCannotBeFingerprintedIsRefusedWithWhy() {
    Admission.Refused refused =
        assertRefused(Reason.UNREADABLE_BODY, message("evt-1", "t", "{\"a\":1,\"a\":2}"));

    assertTrue(refused.detail().contains("twice"), refused.detail());
  }

  private static Admission.Refused assertRefused(Reason reason, Envelope envelope) {
    return assertRefused(reason, envelope, null);
  }

  private static Admission.Refused assertRefused(Reason reason, Envelope envelope, String source) {
    Admission.Refused refused =
        assertInstanceOf(Admission.Refused.class, AdmissionCheck.of(envelope, source));
    assertEquals(reason, refused.reason(), refused.detail());
    return refused;
  }

  private static Envelope message(String id, String type, String body) {
    return new Envelope(id, type, null, null, Payload.ofText(body), Map.of(), 1, null, "q");
  }
}
