package dev.inbox.spi;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * One message, as a handler receives it: only messages the inbox admitted, which always have an
 * identity and a type. How it was delivered (how often, from which queue) is the {@link
 * InboxContext}'s to say.
 *
 * @param messageId the producer-set identity; for CloudEvents, {@code ce_source} and {@code ce_id}
 *     joined by a space
 * @param type the event type
 * @param contractVersion the contract version the producer declared, or null
 * @param tenantId the tenant the producer declared, or null
 * @param payload the body
 * @param properties every message property, as sent
 * @param producedAt when the producer sent it (the JMS timestamp), or null when it was not set
 */
public record Envelope(
    String messageId,
    String type,
    String contractVersion,
    String tenantId,
    Payload payload,
    Map<String, Object> properties,
    Instant producedAt) {

  public Envelope {
    properties = Map.copyOf(properties);
  }

  /** A message property as a string, if present. */
  public Optional<String> property(String name) {
    return Optional.ofNullable(properties.get(name)).map(String::valueOf);
  }
}
