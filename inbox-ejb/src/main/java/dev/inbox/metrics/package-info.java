/**
 * Metrics: what admins read about the inbox, under the same Prometheus names on every server. One
 * class, {@link dev.inbox.metrics.InboxMetrics}, owns every meter (a delivery's verdicts become
 * meters in {@link dev.inbox.metrics.DeliveryMeters}, which it hands the port); it writes them
 * through a small port with one implementation per registry a server may offer (Micrometer on
 * WildFly, MicroProfile Metrics on Payara), chosen by which registry the server provides. Outcomes
 * are recorded when the delivery's transaction has ended, so a rolled-back attempt never counts as
 * applied; gauges read a snapshot that a background timer refreshes, so a scrape never counts a
 * table.
 */
package dev.inbox.metrics;
