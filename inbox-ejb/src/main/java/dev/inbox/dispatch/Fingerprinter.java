package dev.inbox.dispatch;

import dev.inbox.spi.Payload;

/**
 * Fingerprints the parts of a payload that a consumer's {@link FingerprintScope} names, in the
 * canonical form the whole body's fingerprint has, so that the two compare the same way. An
 * interface with one implementation, in {@code receiving} beside the canonical form, so that the
 * delivery path does not depend on how messages are read.
 */
public interface Fingerprinter {

  /** The fingerprint of the payload's parts in the scope. */
  String of(Payload payload, FingerprintScope scope);
}
