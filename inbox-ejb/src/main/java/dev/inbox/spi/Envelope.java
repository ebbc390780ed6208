package dev.inbox.spi;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * One delivered message, as the inbox read it. A handler only ever sees envelopes with a message id
 * and a type: messages without them are quarantined before any handler runs.
 *
 * @param messageId the producer-set identity; for CloudEvents, {@code ce_source} and {@code ce_id}
 *     joined by a space
 * @param type the event type
 * @param contractVersion the contract version the producer declared, or null
 * @param tenantId the tenant the producer declared, or null
 * @param payload the body
 * @param properties every message property, as sent
 * @param deliveryCount how many times the broker has delivered it, 1 on the first delivery
 * @param producedAt when the producer sent it (the JMS timestamp), or null when it was not set
 * @param destination the name of the queue it was received from
 */
public record Envelope(
    String messageId,
    String type,
    String contractVersion,
    String tenantId,
    Payload payload,
    Map<String, Object> properties,
    int deliveryCount,
    Instant producedAt,
    String destination) {

  public Envelope {
    properties = Map.copyOf(properties);
  }

  /** A message property as a string, if present. */
  public Optional<String> property(String name) {
    return Optional.ofNullable(properties.get(name)).map(String::valueOf);
  }
}
