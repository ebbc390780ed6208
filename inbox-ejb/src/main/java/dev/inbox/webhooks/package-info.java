/**
 * Webhook receipts: a partner's HTTP delivery, verified against the source's signature and put on
 * the inbox queue, so that the delivery path that takes broker messages decides it too (one
 * identity rule, one quarantine, one set of metrics). The web module's resource is a thin adapter
 * over {@link dev.inbox.webhooks.Webhooks}.
 */
package dev.inbox.webhooks;
