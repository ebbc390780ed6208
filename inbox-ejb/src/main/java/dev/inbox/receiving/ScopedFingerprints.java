package dev.inbox.receiving;

import dev.inbox.dispatch.FingerprintScope;
import dev.inbox.dispatch.Fingerprinter;
import dev.inbox.spi.Payload;
import jakarta.enterprise.context.ApplicationScoped;

/** The fingerprints of the parts a consumer compares, in the whole body's canonical form. */
@ApplicationScoped
public class ScopedFingerprints implements Fingerprinter {

  @Override
  public String of(Payload payload, FingerprintScope scope) {
    return Fingerprint.of(payload, scope);
  }
}
