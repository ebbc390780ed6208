package dev.inbox.receiving;

import dev.inbox.dispatch.Admission;
import dev.inbox.quarantine.Reason;
import dev.inbox.spi.Envelope;
import dev.inbox.store.InboxEntry;

/**
 * The checks of {@link Admission}, in the order an operator would fix them: the identity, the type
 * and the other stored properties, then the body. A body the reader already refused (a body type it
 * does not take, a body too large) never gets here.
 */
final class AdmissionCheck {

  private AdmissionCheck() {}

  /**
   * @param ceSource the {@code ce_source} property when the identity was made of it and {@code
   *     ce_id}, otherwise null
   */
  static Admission of(Envelope envelope, String ceSource) {
    String id = envelope.messageId();
    if (id == null) {
      return refused(Reason.MISSING_IDENTITY, envelope);
    }
    if (id.length() > InboxEntry.MAX_KEY_LENGTH) {
      return refused(Reason.INVALID_IDENTITY, envelope);
    }
    if (Text.problem(id) != null) {
      return new Admission.Refused(Reason.INVALID_IDENTITY, "message id has " + Text.problem(id));
    }
    if (ceSource != null && ceSource.chars().anyMatch(Character::isWhitespace)) {
      return new Admission.Refused(
          Reason.INVALID_IDENTITY,
          "ce_source has white space, which a URI reference cannot have: the identity joins"
              + " ce_source and ce_id with a space, and could not be told from another's");
    }
    if (envelope.type() == null) {
      return refused(Reason.MISSING_TYPE, envelope);
    }
    String property = problem("type", envelope.type(), InboxEntry.MAX_TYPE_LENGTH);
    if (property == null) {
      property =
          problem("contract version", envelope.contractVersion(), InboxEntry.MAX_VERSION_LENGTH);
    }
    if (property == null) {
      property = problem("tenant", envelope.tenantId(), InboxEntry.MAX_TENANT_LENGTH);
    }
    if (property != null) {
      return new Admission.Refused(Reason.INVALID_PROPERTY, property);
    }
    return fingerprinted(envelope);
  }

  private static Admission fingerprinted(Envelope envelope) {
    try {
      return new Admission.Admitted(Fingerprint.of(envelope.payload()));
    } catch (Fingerprint.Unreadable e) {
      return new Admission.Refused(Reason.UNREADABLE_BODY, e.getMessage());
    } catch (RuntimeException | StackOverflowError e) {
      // The JSON provider's own limits, whatever it throws for them: a body that cannot be
      // fingerprinted never goes round the broker's redeliveries.
      return new Admission.Refused(
          Reason.UNREADABLE_BODY,
          "the body could not be fingerprinted: " + e.getClass().getName() + ": " + e.getMessage());
    }
  }

  private static Admission refused(Reason reason, Envelope envelope) {
    return new Admission.Refused(reason, reason.describe(envelope));
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
