/**
 * What the server's health endpoints say of the inbox (MicroProfile Health): ready when its
 * database answers at the schema version it needs, its broker answers, and its retention works
 * (watermarks loaded, sweeps keeping up); live while it is deployed.
 */
package dev.inbox.health;
