package dev.inbox.tracing;

import dev.inbox.dispatch.Delivery;
import dev.inbox.dispatch.DeliveryEnded;
import dev.inbox.dispatch.DeliveryTracing;
import dev.inbox.dispatch.Outcome;
import dev.inbox.dispatch.Received;
import dev.inbox.dispatch.Recorded;
import dev.inbox.dispatch.Redrive;
import dev.inbox.dispatch.Verdict;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Deliveries as OpenTelemetry spans: one {@code CONSUMER} span per delivery, named {@code process
 * <queue>} after the messaging conventions (semantic conventions 1.26 and later), the child of the
 * trace context the message carries (a {@code traceparent} property, or whatever the server's
 * propagators read), current while the handlers run, and ended when the delivery's transaction has:
 * with one {@code inbox.verdict} event per verdict, the outcomes in {@code inbox.outcomes}, and an
 * error status when a handler or the commit failed.
 */
final class DeliverySpans implements DeliveryTracing {

  /** The namespace of the inbox's own attributes, beside the messaging conventions' ones. */
  static final String NAMESPACE = "inbox";

  static final AttributeKey<String> MESSAGING_SYSTEM = AttributeKey.stringKey("messaging.system");
  static final AttributeKey<String> OPERATION_TYPE =
      AttributeKey.stringKey("messaging.operation.type");
  static final AttributeKey<String> OPERATION_NAME =
      AttributeKey.stringKey("messaging.operation.name");
  static final AttributeKey<String> DESTINATION =
      AttributeKey.stringKey("messaging.destination.name");
  static final AttributeKey<String> MESSAGE_ID = AttributeKey.stringKey("messaging.message.id");
  static final AttributeKey<String> INBOX_MESSAGE_ID =
      AttributeKey.stringKey(NAMESPACE + ".message_id");
  static final AttributeKey<String> TYPE = AttributeKey.stringKey(NAMESPACE + ".type");
  static final AttributeKey<Long> DELIVERY_COUNT =
      AttributeKey.longKey(NAMESPACE + ".delivery_count");
  static final AttributeKey<String> REDRIVE = AttributeKey.stringKey(NAMESPACE + ".redrive");
  static final AttributeKey<List<String>> CONSUMERS =
      AttributeKey.stringArrayKey(NAMESPACE + ".consumers");
  static final AttributeKey<List<String>> OUTCOMES =
      AttributeKey.stringArrayKey(NAMESPACE + ".outcomes");
  static final AttributeKey<String> ENDING = AttributeKey.stringKey(NAMESPACE + ".ending");

  static final String VERDICT = NAMESPACE + ".verdict";
  static final AttributeKey<String> CONSUMER = AttributeKey.stringKey(NAMESPACE + ".consumer");
  static final AttributeKey<String> OUTCOME = AttributeKey.stringKey(NAMESPACE + ".outcome");
  static final AttributeKey<String> REASON = AttributeKey.stringKey(NAMESPACE + ".reason");
  static final AttributeKey<String> FAILURE = AttributeKey.stringKey(NAMESPACE + ".failure");
  static final AttributeKey<String> DETAIL = AttributeKey.stringKey(NAMESPACE + ".detail");
  static final AttributeKey<String> FIRST_MESSAGE_ID =
      AttributeKey.stringKey(NAMESPACE + ".first.message_id");
  static final AttributeKey<String> FIRST_PROCESSED_AT =
      AttributeKey.stringKey(NAMESPACE + ".first.processed_at");
  static final AttributeKey<String> FIRST_RESULT =
      AttributeKey.stringKey(NAMESPACE + ".first.result");

  private final Tracer tracer;
  private final TextMapPropagator propagator;

  DeliverySpans(OpenTelemetry telemetry) {
    this.tracer = telemetry.getTracer("dev.inbox");
    this.propagator = telemetry.getPropagators().getTextMapPropagator();
  }

  /** The server's OpenTelemetry, when it offers one as a bean (MicroProfile Telemetry). */
  static Optional<DeliveryTracing> fromServer(BeanManager beans) {
    var telemetry = beans.createInstance().select(OpenTelemetry.class);
    return telemetry.isResolvable()
        ? Optional.of(new DeliverySpans(telemetry.get()))
        : Optional.empty();
  }

  @Override
  public Trace start(Received received) {
    Delivery delivery = received.delivery();
    Context producer = propagator.extract(Context.current(), received.message(), PROPERTIES);
    var builder =
        tracer
            .spanBuilder("process " + delivery.destination())
            .setSpanKind(SpanKind.CONSUMER)
            .setParent(producer)
            .setAttribute(MESSAGING_SYSTEM, "activemq")
            .setAttribute(OPERATION_TYPE, "process")
            .setAttribute(OPERATION_NAME, "process")
            .setAttribute(DESTINATION, delivery.destination())
            .setAttribute(DELIVERY_COUNT, (long) delivery.deliveryCount());
    // Absent or unfit values stay off the span; the verdict says why the message was refused.
    String brokerId = brokerId(received.message());
    if (brokerId != null) {
      builder.setAttribute(MESSAGE_ID, brokerId);
    }
    if (delivery.messageId() != null) {
      builder.setAttribute(INBOX_MESSAGE_ID, delivery.messageId());
    }
    if (delivery.type() != null) {
      builder.setAttribute(TYPE, delivery.type());
    }
    if (delivery.redrive() != Redrive.NONE) {
      builder.setAttribute(REDRIVE, name(delivery.redrive()));
    }
    Span span = builder.startSpan();
    return new SpanTrace(span, span.makeCurrent(), new AtomicBoolean());
  }

  /**
   * A delivery's span, and its scope on the thread that received the message. It ends once: the end
   * of the transaction may come on another thread (a transaction timeout's), after the dispatch
   * failed.
   */
  private record SpanTrace(Span span, Scope scope, AtomicBoolean ended) implements Trace {

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

  /** An enum constant as the span shows it: {@code SEMANTIC_DUPLICATE} as semantic-duplicate. */
  private static String name(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  private static String brokerId(Message message) {
    try {
      return message == null ? null : message.getJMSMessageID();
    } catch (JMSException | RuntimeException unreadable) {
      return null;
    }
  }

  /**
   * Reads a trace context from the message's string properties. A JMS property name cannot hold a
   * dash, so a header such as {@code uber-trace-id} travels as {@code uber__dash__trace__dash__id},
   * as OpenTelemetry's JMS instrumentation writes it.
   */
  private static final String DASH = "__dash__";

  private static final TextMapGetter<Message> PROPERTIES =
      new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Message message) {
          try {
            List<String> names = new ArrayList<>();
            if (message != null) {
              Collections.list(message.getPropertyNames())
                  .forEach(name -> names.add(((String) name).replace(DASH, "-")));
            }
            return names;
          } catch (JMSException | RuntimeException unreadable) {
            return List.of();
          }
        }

        @Override
        public String get(Message message, String key) {
          try {
            String property = key.replace("-", DASH);
            return message == null || !message.propertyExists(property)
                ? null
                : message.getStringProperty(property);
          } catch (JMSException | RuntimeException unreadable) {
            // A property a producer set to something unreadable: no trace context, not a failure.
            return null;
          }
        }
      };
}
