package dev.inbox.receiving;

/**
 * The inbox's fingerprint for what does not arrive as a message, such as an HTTP request: the same
 * SHA-256 of the canonical JSON form that tells a redelivery from a reused message id.
 */
public final class Fingerprints {

  private Fingerprints() {}

  /**
   * @param text a JSON text, hashed in its canonical form; any other text as its UTF-8 bytes
   */
  public static String of(String text) {
    return Fingerprint.ofText(text);
  }
}
