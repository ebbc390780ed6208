package dev.inbox.testkit;

import jakarta.jms.JMSContext;
import jakarta.jms.JMSProducer;
import jakarta.jms.Queue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * A message a test sends: a text body and its properties. A message made by {@link #of} carries the
 * {@code testRun} property, so that a test finds its own messages in shared queues, and the inbox's
 * default identity and type properties ({@code messageId}, {@code messageType}).
 */
public record TestMessage(String body, Map<String, Object> properties) {

  public static final String RUN = "testRun";

  public TestMessage {
    properties = Map.copyOf(properties);
  }

  /** A fresh run id, the prefix of every identity a test uses. */
  public static String newRun() {
    return "run-" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** A message with the default identity and type properties. */
  public static TestMessage of(String run, String messageId, String type, String body) {
    return new TestMessage(body, Map.of(RUN, run))
        .with("messageId", messageId)
        .with("messageType", type);
  }

  /** A copy with one more property, or one property changed; a null value removes it. */
  public TestMessage with(String name, Object value) {
    Map<String, Object> changed = new LinkedHashMap<>(properties);
    if (value == null) {
      changed.remove(name);
    } else {
      changed.put(name, value);
    }
    return new TestMessage(body, changed);
  }

  /** Sends it, as a persistent text message, to a queue. */
  public void sendTo(JMSContext jms, Queue queue) {
    JMSProducer producer = jms.createProducer();
    properties.forEach(producer::setProperty);
    producer.send(queue, body);
  }
}
