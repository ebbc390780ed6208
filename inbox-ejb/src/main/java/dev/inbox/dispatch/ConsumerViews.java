package dev.inbox.dispatch;

import java.util.HashMap;
import java.util.Map;

/**
 * One admitted message as each of its consumers compares it: the whole body's fingerprint, or the
 * fingerprint of the parts a consumer's {@link FingerprintScope} names, made once per scope and
 * only for a delivery to a consumer that has one.
 */
final class ConsumerViews {

  private final Admission.Admitted admitted;
  private final Fingerprinter fingerprinter;
  private Map<FingerprintScope, Admission.Admitted> scoped = Map.of();

  ConsumerViews(Admission.Admitted admitted, Fingerprinter fingerprinter) {
    this.admitted = admitted;
    this.fingerprinter = fingerprinter;
  }

  /** The message as the consumer compares it. */
  Admission.Admitted of(Subscription consumer) {
    if (consumer.fingerprint().wholeBody()) {
      return admitted;
    }
    if (scoped.isEmpty()) {
      scoped = new HashMap<>();
    }
    return scoped.computeIfAbsent(
        consumer.fingerprint(),
        scope -> admitted.fingerprinted(fingerprinter.of(admitted.envelope().payload(), scope)));
  }
}
