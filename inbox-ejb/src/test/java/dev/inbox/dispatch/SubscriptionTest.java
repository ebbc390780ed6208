package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

class SubscriptionTest {

  @Test
  void aConsumerWithoutDeclaredVersionsTakesEveryMessage() {
    Subscription any = new Subscription("billing", Set.of(), (message, context) -> {});

    assertTrue(any.accepts("7"));
    assertTrue(any.accepts(null));
  }

  @Test
  void aConsumerWithDeclaredVersionsTakesOnlyThose() {
    Subscription v2 = new Subscription("billing", Set.of("2", "3"), (message, context) -> {});

    assertTrue(v2.accepts("2"));
    assertFalse(v2.accepts("1"));
    assertFalse(v2.accepts(null), "a message without a version is not one of the declared");
  }
}
