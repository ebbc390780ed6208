package dev.inbox.tracing;

import static dev.inbox.tracing.DeliverySpans.CONSUMER;
import static dev.inbox.tracing.DeliverySpans.CONSUMERS;
import static dev.inbox.tracing.DeliverySpans.DETAIL;
import static dev.inbox.tracing.DeliverySpans.ENDING;
import static dev.inbox.tracing.DeliverySpans.FAILURE;
import static dev.inbox.tracing.DeliverySpans.FIRST_MESSAGE_ID;
import static dev.inbox.tracing.DeliverySpans.FIRST_PROCESSED_AT;
import static dev.inbox.tracing.DeliverySpans.FIRST_RESULT;
import static dev.inbox.tracing.DeliverySpans.OUTCOME;
import static dev.inbox.tracing.DeliverySpans.OUTCOMES;
import static dev.inbox.tracing.DeliverySpans.REASON;
import static dev.inbox.tracing.DeliverySpans.VERDICT;
import static dev.inbox.tracing.DeliverySpans.name;

import dev.inbox.dispatch.DeliveryEnded;
import dev.inbox.dispatch.DeliveryTracing;
import dev.inbox.dispatch.Outcome;
import dev.inbox.dispatch.Recorded;
import dev.inbox.dispatch.Verdict;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A delivery's span, and its scope on the thread that received the message. It ends once: the end
 * of the transaction may come on another thread (a transaction timeout's), after the dispatch
 * failed.
 */
record SpanTrace(Span span, Scope scope, AtomicBoolean ended) implements DeliveryTracing.Trace {

  @Override
  public void end(DeliveryEnded ended) {
    if (!this.ended.compareAndSet(false, true)) {
      return;
    }
    List<String> consumers = new ArrayList<>();
    List<String> outcomes = new ArrayList<>();
    for (Verdict verdict : ended.verdicts()) {
      if (verdict.consumer() != null) {
        consumers.add(verdict.consumer());
      }
      outcomes.add(name(verdict.outcome()));
      span.addEvent(VERDICT, attributes(verdict));
      if (verdict.error() != null) {
        span.recordException(verdict.error());
      }
      if (verdict.outcome() == Outcome.FAILED) {
        span.setStatus(StatusCode.ERROR, verdict.detail());
      }
    }
    span.setAttribute(CONSUMERS, consumers);
    span.setAttribute(OUTCOMES, outcomes);
    span.setAttribute(ENDING, name(ended.ending()));
    if (ended.ending() == DeliveryEnded.Ending.COMMIT_FAILED) {
      span.setStatus(StatusCode.ERROR, "the commit failed: the broker redelivers the message");
    }
    boolean inboxRolledBack =
        ended.verdicts().stream().anyMatch(verdict -> verdict.outcome().rollsBack());
    if (ended.ending() == DeliveryEnded.Ending.ROLLED_BACK && !inboxRolledBack) {
      span.setStatus(
          StatusCode.ERROR,
          "rolled back outside the inbox (the transaction timed out, or a handler marked it for"
              + " rollback): the broker redelivers the message");
    }
    span.end();
  }

  @Override
  public void failed(Throwable error) {
    if (!ended.compareAndSet(false, true)) {
      return;
    }
    span.recordException(error);
    span.setStatus(StatusCode.ERROR, "the inbox could not take the delivery through");
    span.end();
  }

  @Override
  public void close() {
    scope.close();
  }

  private static Attributes attributes(Verdict verdict) {
    AttributesBuilder event = Attributes.builder().put(OUTCOME, name(verdict.outcome()));
    if (verdict.consumer() != null) {
      event.put(CONSUMER, verdict.consumer());
    }
    if (verdict.reason() != null) {
      event.put(REASON, verdict.reason().code());
    }
    if (verdict.failure() != null) {
      event.put(FAILURE, name(verdict.failure()));
    }
    if (verdict.detail() != null) {
      event.put(DETAIL, verdict.detail());
    }
    Recorded first = verdict.first();
    if (first != null) {
      event.put(FIRST_MESSAGE_ID, first.messageId());
      event.put(FIRST_PROCESSED_AT, first.at().toString());
      if (first.result() != null) {
        event.put(FIRST_RESULT, first.result());
      }
    }
    return event.build();
  }
}
