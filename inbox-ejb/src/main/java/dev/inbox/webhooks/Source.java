package dev.inbox.webhooks;

import java.time.Duration;
import java.util.Map;

/**
 * One partner that delivers webhooks, as its settings ({@code inbox.webhooks.<name>.*}) describe
 * it.
 *
 * @param name the source's name, in the endpoint's path and in each identity it gives
 * @param scheme how its deliveries are signed
 * @param secret the key of its signatures
 * @param signatureHeader the header that carries the signature
 * @param deliveryId where a delivery carries its id, which the partner keeps when it delivers again
 * @param type where a delivery carries its type
 * @param maxBodyBytes the largest body taken
 * @param tolerance how far a signed time may be from now, for schemes that sign one
 * @param headerProperties the headers a delivery's message carries as properties, by header name
 */
record Source(
    String name,
    Scheme scheme,
    byte[] secret,
    String signatureHeader,
    Locator deliveryId,
    Locator type,
    long maxBodyBytes,
    Duration tolerance,
    Map<String, String> headerProperties) {

  /** The identity of a delivery: the source and the partner's delivery id. */
  String identity(String deliveryId) {
    return name + ":" + deliveryId;
  }

  boolean needsJson() {
    return deliveryId.inBody() || type.inBody();
  }

  /** Without the secret, which no log line or message may carry. */
  @Override
  public String toString() {
    return "%s (%s, signature in %s, delivery id in %s, type in %s)"
        .formatted(name, scheme.settingName(), signatureHeader, deliveryId, type);
  }
}
