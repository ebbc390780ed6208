/**
 * What every integration test shares: the deployment (the real EAR plus a jar of tiny test handlers
 * and a test WAR), and the probes that read real state from inside the server: rows, handler
 * invocations, queue depths, the quarantine queue and the server log.
 */
package dev.inbox.it;
