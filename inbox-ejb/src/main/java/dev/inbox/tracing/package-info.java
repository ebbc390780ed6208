/**
 * Tracing: each delivery as a span in the server's MicroProfile Telemetry, a child of the
 * producer's span when the message carries its trace context, with every consumer's verdict and the
 * end of its transaction. A duplicate's span names the processing it repeats. Used only where the
 * server offers OpenTelemetry; elsewhere deliveries are not traced.
 */
package dev.inbox.tracing;
