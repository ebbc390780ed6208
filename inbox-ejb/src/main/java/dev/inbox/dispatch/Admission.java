package dev.inbox.dispatch;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.QuarantineReason;
import java.util.Objects;

/**
 * Whether the inbox can take a message at all, before any consumer sees it: an identity and a type
 * it can store as they are, and a body it can read and fingerprint. Only an admitted message
 * becomes an {@link Envelope}.
 */
public sealed interface Admission {

  /**
   * A message the consumers of its type may see, with its payload's fingerprint and its key's
   * scope.
   *
   * @param keyScope the values that scope its key ({@code inbox.key-scope}), each followed by a
   *     space, already at the start of its id; a business key is scoped by them too. Empty without
   *     a scope
   */
  record Admitted(Envelope envelope, String fingerprint, String keyScope) implements Admission {
    public Admitted {
      Objects.requireNonNull(envelope, "envelope");
      Objects.requireNonNull(fingerprint, "fingerprint");
      Objects.requireNonNull(keyScope, "keyScope");
    }

    /** A message whose key has no scope. */
    public Admitted(Envelope envelope, String fingerprint) {
      this(envelope, fingerprint, "");
    }

    /** The same message, with the fingerprint of the parts one consumer compares. */
    Admitted fingerprinted(String scoped) {
      return new Admitted(envelope, scoped, keyScope);
    }
  }

  /** A message no consumer can take: quarantined with the reason, never recorded. */
  record Refused(QuarantineReason reason, String detail) implements Admission {
    public Refused {
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(detail, "detail");
    }
  }
}
