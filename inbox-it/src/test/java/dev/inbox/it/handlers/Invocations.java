package dev.inbox.it.handlers;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How often each test handler was called for each message, committed or not. Kept in memory for the
 * life of the deployment; each test uses its own message ids.
 */
@ApplicationScoped
public class Invocations {

  private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();

  void count(String consumer, String messageId) {
    counts.computeIfAbsent(key(consumer, messageId), k -> new AtomicInteger()).incrementAndGet();
  }

  /** Calls of a consumer's handler for one message. */
  public int of(String consumer, String messageId) {
    AtomicInteger count = counts.get(key(consumer, messageId));
    return count == null ? 0 : count.get();
  }

  /** Calls of a consumer's handler for all messages whose id starts with the prefix. */
  public int ofPrefix(String consumer, String messageIdPrefix) {
    String start = key(consumer, messageIdPrefix);
    return counts.entrySet().stream()
        .filter(entry -> entry.getKey().startsWith(start))
        .mapToInt(entry -> entry.getValue().get())
        .sum();
  }

  /**
   * How many distinct messages of the prefix a consumer's handler was called for more than once.
   */
  public long calledMoreThanOnce(String consumer, String messageIdPrefix) {
    String start = key(consumer, messageIdPrefix);
    return counts.entrySet().stream()
        .filter(entry -> entry.getKey().startsWith(start) && entry.getValue().get() > 1)
        .count();
  }

  private static String key(String consumer, String messageId) {
    return consumer + '\n' + messageId;
  }
}
