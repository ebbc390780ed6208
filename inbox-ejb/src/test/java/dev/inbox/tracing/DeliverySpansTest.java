package dev.inbox.tracing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.dispatch.Admission;
import dev.inbox.dispatch.Delivery;
import dev.inbox.dispatch.DeliveryEnded;
import dev.inbox.dispatch.DeliveryTracing;
import dev.inbox.dispatch.Outcome;
import dev.inbox.dispatch.Received;
import dev.inbox.dispatch.Redrive;
import dev.inbox.dispatch.Verdict;
import dev.inbox.spi.QuarantineReason;
import dev.inbox.store.FailureKind;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A delivery's span: its outcomes, its status, and the span current while the handlers run. */
class DeliverySpansTest {

  private static final Delivery DELIVERY =
      new Delivery("evt-1", "order.created", 2, null, "InboxQueue", Redrive.FROM_QUARANTINE);
  private static final Received RECEIVED =
      new Received(null, DELIVERY, new Admission.Refused(QuarantineReason.MISSING_TYPE, "no"));

  private final InMemorySpanExporter exported = InMemorySpanExporter.create();
  private final DeliveryTracing spans =
      new DeliverySpans(
          OpenTelemetrySdk.builder()
              .setTracerProvider(
                  SdkTracerProvider.builder()
                      .addSpanProcessor(SimpleSpanProcessor.create(exported))
                      .build())
              .build());

  @Test
  void theSpanIsCurrentUntilClosedAndEndsWithTheDelivery() {
    DeliveryTracing.Trace trace = spans.start(RECEIVED);
    String current = Span.current().getSpanContext().getSpanId();
    trace.close();
    assertFalse(Span.current().getSpanContext().isValid(), "not current once closed");

    assertTrue(exported.getFinishedSpanItems().isEmpty(), "open until the delivery ends");
    trace.end(ended(DeliveryEnded.Ending.COMMITTED, verdict("billing", Outcome.APPLIED)));
    SpanData span = only();
    assertEquals(current, span.getSpanId(), "the span was current while the handlers ran");
    assertEquals("process InboxQueue", span.getName());
    assertEquals("evt-1", attribute(span, "inbox.message_id"));
    assertEquals("from-quarantine", attribute(span, "inbox.redrive"));
    assertEquals(2L, span.getAttributes().get(AttributeKey.longKey("inbox.delivery_count")));
    assertEquals("committed", attribute(span, "inbox.ending"));
    assertEquals(StatusCode.UNSET, span.getStatus().getStatusCode());
  }

  @Test
  void aHandlersFailureIsAnErrorWithItsException() {
    IllegalStateException thrown = new IllegalStateException("downstream timed out");
    Verdict failed =
        new Verdict(
            "billing",
            Outcome.FAILED,
            null,
            FailureKind.TRANSIENT,
            false,
            "handler threw, TRANSIENT",
            thrown,
            null,
            0,
            null);

    received()
        .end(ended(DeliveryEnded.Ending.ROLLED_BACK, verdict("audit", Outcome.APPLIED), failed));

    SpanData span = only();
    assertEquals(StatusCode.ERROR, span.getStatus().getStatusCode());
    assertEquals(
        List.of("audit", "billing"),
        span.getAttributes().get(AttributeKey.stringArrayKey("inbox.consumers")));
    assertEquals(
        List.of("applied", "failed"),
        span.getAttributes().get(AttributeKey.stringArrayKey("inbox.outcomes")));
    assertEquals(
        List.of("inbox.verdict", "inbox.verdict", "exception"),
        span.getEvents().stream().map(event -> event.getName()).toList());
    assertEquals(
        "transient",
        span.getEvents().get(1).getAttributes().get(AttributeKey.stringKey("inbox.failure")));
  }

  @Test
  void aLostRaceTheInboxRollsBackIsNoError() {
    received().end(ended(DeliveryEnded.Ending.ROLLED_BACK, verdict("billing", Outcome.CONFLICT)));

    SpanData span = only();
    assertEquals(StatusCode.UNSET, span.getStatus().getStatusCode());
    assertEquals("rolled-back", attribute(span, "inbox.ending"));
  }

  @Test
  void aRefusedMessageHasNoConsumersAndAFailedCommitIsAnError() {
    Verdict refused =
        new Verdict(
            null,
            Outcome.INVALID,
            QuarantineReason.MISSING_TYPE,
            null,
            false,
            null,
            null,
            null,
            0,
            null);

    received().end(ended(DeliveryEnded.Ending.COMMIT_FAILED, refused));

    SpanData span = only();
    assertEquals(
        List.of(), span.getAttributes().get(AttributeKey.stringArrayKey("inbox.consumers")));
    assertEquals(
        "missing-type",
        span.getEvents().get(0).getAttributes().get(AttributeKey.stringKey("inbox.reason")));
    assertEquals(StatusCode.ERROR, span.getStatus().getStatusCode());
  }

  @Test
  void aDispatchThatThrowsEndsTheSpanAsAnErrorOnceWhateverEndsItLater() {
    DeliveryTracing.Trace trace = received();
    trace.failed(new IllegalStateException("the quarantine could not be reached"));
    trace.end(ended(DeliveryEnded.Ending.ROLLED_BACK, verdict("billing", Outcome.APPLIED)));

    SpanData span = only();
    assertEquals(StatusCode.ERROR, span.getStatus().getStatusCode());
    assertEquals(List.of("exception"), span.getEvents().stream().map(e -> e.getName()).toList());
  }

  @Test
  void aRollbackTheInboxDidNotAskForIsAnError() {
    received().end(ended(DeliveryEnded.Ending.ROLLED_BACK, verdict("billing", Outcome.APPLIED)));

    SpanData span = only();
    assertEquals(StatusCode.ERROR, span.getStatus().getStatusCode());
    assertTrue(span.getStatus().getDescription().contains("outside the inbox"), span.toString());
  }

  /** A delivery's trace after the dispatch: no longer current, not yet ended. */
  private DeliveryTracing.Trace received() {
    DeliveryTracing.Trace trace = spans.start(RECEIVED);
    trace.close();
    return trace;
  }

  private SpanData only() {
    List<SpanData> finished = exported.getFinishedSpanItems();
    assertEquals(1, finished.size(), () -> "finished spans: " + finished);
    return finished.get(0);
  }

  private static String attribute(SpanData span, String key) {
    return span.getAttributes().get(AttributeKey.stringKey(key));
  }

  private static Verdict verdict(String consumer, Outcome outcome) {
    return new Verdict(consumer, outcome, null, null, false, null, null, null, 0, null);
  }

  private static DeliveryEnded ended(DeliveryEnded.Ending ending, Verdict... verdicts) {
    return new DeliveryEnded(DELIVERY, List.of(verdicts), ending);
  }
}
