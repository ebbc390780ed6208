package dev.inbox.tracing;

import io.opentelemetry.context.propagation.TextMapGetter;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Reads a trace context from the message's string properties. A JMS property name cannot hold a
 * dash, so a header such as {@code uber-trace-id} travels as {@code uber__dash__trace__dash__id},
 * as OpenTelemetry's JMS instrumentation writes it.
 */
final class MessagePropertyGetter implements TextMapGetter<Message> {

  private static final String DASH = "__dash__";

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
}
