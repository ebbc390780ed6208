package dev.inbox.it.handlers;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Messages a test has "fixed": the poison handler stops failing on them. */
@ApplicationScoped
public class Cures {

  private final Set<String> cured = ConcurrentHashMap.newKeySet();

  public void cure(String messageId) {
    cured.add(messageId);
  }

  public boolean isCured(String messageId) {
    return cured.contains(messageId);
  }
}
