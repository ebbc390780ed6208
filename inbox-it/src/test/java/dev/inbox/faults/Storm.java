package dev.inbox.faults;

import dev.inbox.it.TestMessage;
import dev.inbox.it.handlers.CrashHandler;
import dev.inbox.it.handlers.CrashPoint;
import dev.inbox.it.handlers.EffectHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/** A run of messages for one consumer, each identity with an effect of its own to apply. */
record Storm(String run, String consumer, List<TestMessage> messages) {

  /** A run for the effect handler: that many identities, each sent the given number of times. */
  static Storm of(int identities, int copies) {
    return build(
        EffectHandler.CONSUMER, EffectHandler.TYPE, identities, copies, message -> message);
  }

  /** A run for the crash handler: the first of its messages to reach the point halts the server. */
  static Storm crashingAt(CrashPoint point, int identities) {
    return build(
        CrashHandler.CONSUMER,
        CrashHandler.TYPE,
        identities,
        1,
        message -> message.with(CrashPoint.PROPERTY, point.name()));
  }

  private static Storm build(
      String consumer, String type, int identities, int copies, UnaryOperator<TestMessage> extra) {
    String run = TestMessage.newRun();
    List<TestMessage> messages = new ArrayList<>();
    for (int i = 1; i <= identities; i++) {
      TestMessage message =
          extra.apply(TestMessage.of(run, run + "-" + i, type, "{\"n\":" + i + "}"));
      for (int copy = 0; copy < copies; copy++) {
        messages.add(message);
      }
    }
    return new Storm(run, consumer, List.copyOf(messages));
  }

  Set<String> identities() {
    Set<String> identities = new TreeSet<>();
    messages.forEach(message -> identities.add((String) message.properties().get("messageId")));
    return identities;
  }

  /** The oracle's end state of this run, once it has settled. */
  Oracle.Figures settled(Node... nodes) {
    return new Oracle().check(consumer, run, identities(), nodes);
  }
}
