/**
 * What makes this node ready to take messages, for the servers' health endpoints: its database at
 * the schema version this inbox needs, its broker, and its retention.
 */
package dev.inbox.readiness;
