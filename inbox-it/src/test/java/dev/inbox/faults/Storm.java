package dev.inbox.faults;

import dev.inbox.it.Scrape;
import dev.inbox.it.TestMessage;
import dev.inbox.it.handlers.EffectHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;

/** A run of messages for the effect handler, each with an identity of its own. */
record Storm(String run, List<TestMessage> messages) {

  static final String CONSUMER = EffectHandler.CONSUMER;

  /** A new run of that many identities, each sent the given number of times in a row. */
  static Storm of(int identities, int copies) {
    String run = TestMessage.newRun();
    List<TestMessage> messages = new ArrayList<>();
    IntStream.rangeClosed(1, identities)
        .forEach(
            i -> {
              TestMessage message =
                  TestMessage.of(run, run + "-" + i, EffectHandler.TYPE, "{\"n\":" + i + "}");
              for (int copy = 0; copy < copies; copy++) {
                messages.add(message);
              }
            });
    return new Storm(run, List.copyOf(messages));
  }

  Set<String> identities() {
    Set<String> identities = new TreeSet<>();
    messages.forEach(message -> identities.add((String) message.properties().get("messageId")));
    return identities;
  }

  /** A counter of the effect handler's consumer on a node, as its metrics endpoint has it now. */
  static double counter(Node node, String name) {
    return Scrape.of(node.metricsUrl()).value(name, Map.of("consumer", CONSUMER));
  }
}
