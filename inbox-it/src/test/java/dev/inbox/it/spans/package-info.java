/**
 * The spans the server finished, kept in memory for the tracing tests: a library of the test EAR
 * that the server's OpenTelemetry SDK finds through its exporter SPI.
 */
package dev.inbox.it.spans;
