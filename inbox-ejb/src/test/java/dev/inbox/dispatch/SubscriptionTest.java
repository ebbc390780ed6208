package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SubscriptionTest {

  @Test
  void aConsumerWithoutDeclaredVersionsTakesEveryMessage() {
    Subscription any = subscription("billing", Set.of("t"), Set.of());

    assertTrue(any.accepts("7"));
    assertTrue(any.accepts(null));
  }

  @Test
  void aConsumerWithDeclaredVersionsTakesOnlyThose() {
    Subscription v2 = subscription("billing", Set.of("t"), Set.of("2", "3"));

    assertTrue(v2.accepts("2"));
    assertFalse(v2.accepts("1"));
    assertFalse(v2.accepts(null), "a message without a version is not one of the declared");
  }

  @Test
  void theConsumersOfATypeComeInNameOrderWhateverTheOrderTheyWereFoundIn() {
    Subscription billing = subscription("billing", Set.of("order.created"), Set.of());
    Subscription audit = subscription("audit", Set.of("order.created", "order.paid"), Set.of());
    Subscription crm = subscription("crm", Set.of("order.created"), Set.of());

    for (List<Subscription> found :
        List.of(List.of(billing, audit, crm), List.of(crm, billing, audit))) {
      var byType = Subscriptions.byType(found);
      assertEquals(List.of(audit, billing, crm), byType.get("order.created"));
      assertEquals(List.of(audit), byType.get("order.paid"));
    }
  }

  private static Subscription subscription(String name, Set<String> types, Set<String> versions) {
    return new Subscription(name, types, versions, (message, context) -> {});
  }
}
