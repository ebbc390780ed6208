package dev.inbox.receiving;

import dev.inbox.dispatch.Admission;
import dev.inbox.dispatch.Delivery;
import dev.inbox.spi.Envelope;
import dev.inbox.spi.Limits;
import dev.inbox.spi.Payload;
import dev.inbox.spi.QuarantineReason;
import java.util.Map;

/**
 * The checks of {@link Admission}, in the order an operator would fix them: the identity, the type
 * and the other stored properties, then the body. A body the reader already refused (a body type it
 * does not take, a body too large) never gets here.
 */
final class AdmissionCheck {

  private AdmissionCheck() {}

  /**
   * What a message holds besides how it came: read, not yet checked.
   *
   * @param contractVersion the contract version as read, or null
   * @param tenantId the tenant as read, or null
   * @param payload the body, read once
   * @param properties every property, as sent
   */
  record Contents(
      String contractVersion, String tenantId, Payload payload, Map<String, Object> properties) {}

  /**
   * @param ceSource the {@code ce_source} property when the identity was made of it and {@code
   *     ce_id}, otherwise null
   * @param scoped the values that scope the key ({@code inbox.key-scope}), already before the id,
   *     or why the message cannot be scoped
   */
  static Admission of(
      Delivery delivery, Contents contents, String ceSource, KeyScope.Scoped scoped) {
    String id = delivery.messageId();
    if (id == null) {
      return refused(QuarantineReason.MISSING_IDENTITY);
    }
    if (scoped.problem() != null) {
      return new Admission.Refused(QuarantineReason.INVALID_IDENTITY, scoped.problem());
    }
    if (id.length() > Limits.MESSAGE_ID) {
      return new Admission.Refused(
          QuarantineReason.INVALID_IDENTITY,
          "message id is %d characters long; at most %d fit"
              .formatted(id.length(), Limits.MESSAGE_ID));
    }
    if (Text.problem(id) != null) {
      return new Admission.Refused(
          QuarantineReason.INVALID_IDENTITY, "message id has " + Text.problem(id));
    }
    if (ceSource != null && ceSource.chars().anyMatch(Character::isWhitespace)) {
      return new Admission.Refused(
          QuarantineReason.INVALID_IDENTITY,
          "ce_source has white space, which a URI reference cannot have: the identity joins"
              + " ce_source and ce_id with a space, and could not be told from another's");
    }
    if (delivery.type() == null) {
      return refused(QuarantineReason.MISSING_TYPE);
    }
    String property = problem("type", delivery.type(), Limits.TYPE);
    if (property == null) {
      property = problem("contract version", contents.contractVersion(), Limits.CONTRACT_VERSION);
    }
    if (property == null) {
      property = problem("tenant", contents.tenantId(), Limits.TENANT);
    }
    if (property != null) {
      return new Admission.Refused(QuarantineReason.INVALID_PROPERTY, property);
    }
    return fingerprinted(
        scoped.prefix(),
        new Envelope(
            id,
            delivery.type(),
            contents.contractVersion(),
            contents.tenantId(),
            contents.payload(),
            contents.properties(),
            delivery.producedAt()));
  }

  private static Admission fingerprinted(String keyScope, Envelope envelope) {
    try {
      return new Admission.Admitted(envelope, Fingerprint.of(envelope.payload()), keyScope);
    } catch (Fingerprint.Unreadable e) {
      return new Admission.Refused(QuarantineReason.UNREADABLE_BODY, e.getMessage());
    } catch (RuntimeException | StackOverflowError e) {
      // The JSON provider's own limits, whatever it throws for them: a body that cannot be
      // fingerprinted never goes round the broker's redeliveries.
      return new Admission.Refused(
          QuarantineReason.UNREADABLE_BODY,
          "the body could not be fingerprinted: " + e.getClass().getName() + ": " + e.getMessage());
    }
  }

  private static Admission refused(QuarantineReason reason) {
    return new Admission.Refused(reason, reason.describe(null));
  }

  /** What makes a stored property unfit, or null when it is absent or fine. */
  private static String problem(String what, String value, int max) {
    if (value == null) {
      return null;
    }
    if (value.length() > max) {
      return "%s is %d characters long; at most %d fit".formatted(what, value.length(), max);
    }
    String text = Text.problem(value);
    return text == null ? null : what + " has " + text;
  }
}
