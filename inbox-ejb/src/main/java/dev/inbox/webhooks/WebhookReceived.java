package dev.inbox.webhooks;

/**
 * A webhook delivery the endpoint answered, observed by the metrics.
 *
 * @param source the source's name, or empty when no source has the name the delivery came to
 */
public record WebhookReceived(String source, Receipt receipt) {}
