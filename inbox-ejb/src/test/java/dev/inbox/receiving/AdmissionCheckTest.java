package dev.inbox.receiving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.dispatch.Admission;
import dev.inbox.dispatch.Delivery;
import dev.inbox.dispatch.Redrive;
import dev.inbox.spi.Payload;
import dev.inbox.spi.QuarantineReason;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AdmissionCheckTest {

  private static final KeyScope.Scoped UNSCOPED = new KeyScope.Scoped("", null);

  @Test
  void aWellFormedMessageIsAdmittedWithItsFingerprint() {
    Admission admission = admit(message("evt-1", "order.created", "{}"), null);

    assertInstanceOf(Admission.Admitted.class, admission);
  }

  @Test
  void identitiesThatCannotBeStoredAsTheyAreAreRefused() {
    assertRefused(QuarantineReason.MISSING_IDENTITY, message(null, "t", "{}"));
    assertRefused(QuarantineReason.INVALID_IDENTITY, message("x".repeat(401), "t", "{}"));
    assertRefused(QuarantineReason.INVALID_IDENTITY, message("evt\u0000", "t", "{}"));
    assertRefused(QuarantineReason.INVALID_IDENTITY, message("evt\uD800", "t", "{}"));
  }

  @Test
  void aCloudEventsSourceWithASpaceIsRefusedSoThatNoTwoIdentitiesMerge() {
    // "a b" + "c" and "a" + "b c" would both be "a b c".
    Message event = message("a b c", "t", "{}");

    assertRefused(QuarantineReason.INVALID_IDENTITY, event, "a b");
    assertInstanceOf(Admission.Admitted.class, admit(event, "a"));
  }

  @Test
  void aKeyThatCannotBeScopedIsRefusedAfterAMissingIdentity() {
    KeyScope.Scoped unscoped = new KeyScope(List.of("tenantId")).of(Map.of());

    Message noTenant = message("evt-1", "t", "{}");
    Admission.Refused refused =
        assertInstanceOf(
            Admission.Refused.class,
            AdmissionCheck.of(noTenant.delivery(), noTenant.contents(), null, unscoped));
    assertEquals(QuarantineReason.INVALID_IDENTITY, refused.reason());
    assertTrue(refused.detail().contains("tenantId (inbox.key-scope)"), refused.detail());
    Message noId = message(null, "t", "{}");
    assertEquals(
        QuarantineReason.MISSING_IDENTITY,
        ((Admission.Refused) AdmissionCheck.of(noId.delivery(), noId.contents(), null, unscoped))
            .reason());
  }

  @Test
  void aScopedKeyIsAdmittedWithItsScope() {
    KeyScope.Scoped acme = new KeyScope(List.of("tenantId")).of(Map.of("tenantId", "acme"));
    Message message = message("acme evt-1", "t", "{}");

    Admission.Admitted admitted =
        assertInstanceOf(
            Admission.Admitted.class,
            AdmissionCheck.of(message.delivery(), message.contents(), null, acme));
    assertEquals("acme ", admitted.keyScope());
  }

  @Test
  void typesVersionsAndTenantsThatCannotBeStoredAreRefused() {
    assertRefused(QuarantineReason.MISSING_TYPE, message("evt-1", null, "{}"));
    assertRefused(QuarantineReason.INVALID_PROPERTY, message("evt-1", "t".repeat(201), "{}"));
    assertRefused(QuarantineReason.INVALID_PROPERTY, message("evt-1", "order\u0000created", "{}"));
    Message badTenant = message("evt-1", "t", "1", "acme\u0007", "{}");
    Admission.Refused refused = assertRefused(QuarantineReason.INVALID_PROPERTY, badTenant);
    assertTrue(refused.detail().startsWith("tenant has a control character"), refused.detail());
  }

  @Test
  void aBodyThatCannotBeFingerprintedIsRefusedWithWhy() {
    Admission.Refused refused =
        assertRefused(QuarantineReason.UNREADABLE_BODY, message("evt-1", "t", "{\"a\":1,\"a\":2}"));

    assertTrue(refused.detail().contains("twice"), refused.detail());
  }

  private static Admission.Refused assertRefused(QuarantineReason reason, Message message) {
    return assertRefused(reason, message, null);
  }

  private static Admission.Refused assertRefused(
      QuarantineReason reason, Message message, String source) {
    Admission.Refused refused = assertInstanceOf(Admission.Refused.class, admit(message, source));
    assertEquals(reason, refused.reason(), refused.detail());
    return refused;
  }

  /** A message as the reader found it: how it came, and what it holds. */
  private record Message(Delivery delivery, AdmissionCheck.Contents contents) {}

  private static Admission admit(Message message, String ceSource) {
    return AdmissionCheck.of(message.delivery(), message.contents(), ceSource, UNSCOPED);
  }

  private static Message message(String id, String type, String body) {
    return message(id, type, null, null, body);
  }

  private static Message message(
      String id, String type, String version, String tenant, String body) {
    return new Message(
        new Delivery(id, type, 1, null, "q", Redrive.NONE),
        new AdmissionCheck.Contents(version, tenant, Payload.ofText(body), Map.of()));
  }
}
