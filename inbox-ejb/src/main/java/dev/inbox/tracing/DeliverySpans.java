package dev.inbox.tracing;

import dev.inbox.dispatch.Delivery;
import dev.inbox.dispatch.DeliveryTracing;
import dev.inbox.dispatch.Received;
import dev.inbox.dispatch.Redrive;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
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

  /** Reads the trace context a message carries in its properties. */
  private static final TextMapGetter<Message> PROPERTIES = new MessagePropertyGetter();

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

  /** An enum constant as the span shows it: {@code SEMANTIC_DUPLICATE} as semantic-duplicate. */
  static String name(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  private static String brokerId(Message message) {
    try {
      return message == null ? null : message.getJMSMessageID();
    } catch (JMSException | RuntimeException unreadable) {
      return null;
    }
  }
}
