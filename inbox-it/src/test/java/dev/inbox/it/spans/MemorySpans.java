package dev.inbox.it.spans;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.autoconfigure.spi.ConfigProperties;
import io.opentelemetry.sdk.autoconfigure.spi.traces.ConfigurableSpanExporterProvider;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * An OpenTelemetry exporter that keeps the server's finished spans in memory, for a test to read:
 * the server's SDK finds it through its exporter SPI when the application's config names it ({@code
 * otel.traces.exporter=inbox-it-memory}). It lives in a library of the EAR, so that the SDK and the
 * test see the same spans.
 */
public final class MemorySpans implements ConfigurableSpanExporterProvider {

  public static final String NAME = "inbox-it-memory";

  /**
   * Every span the server finished, from any test: each test reads only its own messages'. Static,
   * because the server's SDK makes the exporter itself, and the test can reach it only through its
   * class.
   */
  private static final Queue<SpanData> FINISHED = new ConcurrentLinkedQueue<>();

  /**
   * The settings that turn the SDK on with this exporter, sending each span a moment after it ends.
   */
  public static final Map<String, String> SETTINGS =
      Map.of(
          "otel.sdk.disabled", "false",
          "otel.traces.exporter", NAME,
          "otel.metrics.exporter", "none",
          "otel.logs.exporter", "none",
          "otel.bsp.schedule.delay", "100");

  /** The finished spans whose attribute has this value, oldest first. */
  public static List<Finished> where(String attribute, String value) {
    return FINISHED.stream()
        .map(MemorySpans::finished)
        .filter(span -> value.equals(String.valueOf(span.attributes().get(attribute))))
        .sorted((a, b) -> a.start().compareTo(b.start()))
        .toList();
  }

  @Override
  public String getName() {
    return NAME;
  }

  @Override
  public SpanExporter createExporter(ConfigProperties config) {
    return new SpanExporter() {
      @Override
      public CompletableResultCode export(Collection<SpanData> spans) {
        FINISHED.addAll(spans);
        return CompletableResultCode.ofSuccess();
      }

      @Override
      public CompletableResultCode flush() {
        return CompletableResultCode.ofSuccess();
      }

      @Override
      public CompletableResultCode shutdown() {
        return CompletableResultCode.ofSuccess();
      }
    };
  }

  /**
   * A finished span, in plain values.
   *
   * @param name its name
   * @param kind its kind (CONSUMER...)
   * @param traceId its trace
   * @param parentSpanId its parent's span id, or 0000000000000000
   * @param status UNSET, OK or ERROR
   * @param start when it started
   * @param end when it ended
   * @param attributes its attributes, by key (a list for an array attribute)
   * @param events its events, in order
   */
  public record Finished(
      String name,
      String kind,
      String traceId,
      String parentSpanId,
      String status,
      Instant start,
      Instant end,
      Map<String, Object> attributes,
      List<Event> events) {}

  /** An event of a span: its name and attributes. */
  public record Event(String name, Map<String, Object> attributes) {}

  private static Finished finished(SpanData span) {
    return new Finished(
        span.getName(),
        span.getKind().name(),
        span.getTraceId(),
        span.getParentSpanId(),
        span.getStatus().getStatusCode().name(),
        instant(span.getStartEpochNanos()),
        instant(span.getEndEpochNanos()),
        values(span.getAttributes().asMap()),
        span.getEvents().stream()
            .map(event -> new Event(event.getName(), values(event.getAttributes().asMap())))
            .toList());
  }

  private static Map<String, Object> values(Map<AttributeKey<?>, Object> attributes) {
    Map<String, Object> values = new HashMap<>();
    attributes.forEach((key, value) -> values.put(key.getKey(), value));
    return values;
  }

  private static Instant instant(long epochNanos) {
    return Instant.ofEpochSecond(0, epochNanos);
  }
}
