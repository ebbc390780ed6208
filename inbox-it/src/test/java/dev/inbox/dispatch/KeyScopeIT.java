package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.Invocations;
import dev.inbox.it.handlers.KeyedHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * With {@code inbox.key-scope=tenantId}, the tenant is part of the key: the same id from two
 * tenants is two messages, the same id from one tenant a duplicate; a business key is scoped too; a
 * message without a tenant cannot be keyed and is quarantined.
 */
@InboxTest
class KeyScopeIT {

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(KeyScopeIT.class, Map.of("inbox.key-scope", "tenantId"));
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;
  @Inject private Invocations invocations;

  @Test
  void theSameIdFromTwoTenantsIsTwoMessagesAndFromOneADuplicate() {
    String run = TestMessage.newRun();
    String id = run + "-evt-1";
    TestMessage acme = TestMessage.of(run, id, EffectHandler.TYPE, "{}").with("tenantId", "acme");
    TestMessage globex =
        TestMessage.of(run, id, EffectHandler.TYPE, "{\"other\": true}").with("tenantId", "globex");

    producer.send(acme, globex);
    broker.settledWhen(
        "both applied",
        () ->
            rows.effects(EffectHandler.CONSUMER, "acme " + run)
                    + rows.effects(EffectHandler.CONSUMER, "globex " + run)
                == 2);
    producer.send(acme);
    broker.settled("the repeat acknowledged");

    assertEquals(1, rows.inbox(EffectHandler.CONSUMER, "acme " + id), "acme's row");
    assertEquals(1, rows.inbox(EffectHandler.CONSUMER, "globex " + id), "globex's row");
    assertEquals(1, invocations.of(EffectHandler.CONSUMER, "acme " + id), "acme's handler calls");
    assertEquals(1, invocations.of(EffectHandler.CONSUMER, "globex " + id), "globex's");
    assertEquals(1, rows.effects(EffectHandler.CONSUMER, "acme " + id), "acme's effects");
    assertEquals(1, rows.effects(EffectHandler.CONSUMER, "globex " + id), "globex's effects");
    assertEquals(List.of(), broker.quarantined(run), "no collision across tenants");
  }

  @Test
  void aBusinessKeyIsScopedByTheTenantToo() {
    String run = TestMessage.newRun();
    String order = "{\"order\": \"%s-7\"}".formatted(run);

    producer.send(
        TestMessage.of(run, run + "-a", KeyedHandler.TYPE, order).with("tenantId", "acme"),
        TestMessage.of(run, run + "-b", KeyedHandler.TYPE, order).with("tenantId", "globex"));
    broker.settledWhen(
        "both applied",
        () ->
            rows.effects(KeyedHandler.CONSUMER, "acme " + run)
                    + rows.effects(KeyedHandler.CONSUMER, "globex " + run)
                == 2);
    producer.send(
        TestMessage.of(run, run + "-c", KeyedHandler.TYPE, order).with("tenantId", "acme"));
    broker.settledWhen(
        "the third recorded", () -> rows.inbox(KeyedHandler.CONSUMER, "acme " + run) == 2);

    assertEquals(1, rows.effects(KeyedHandler.CONSUMER, "acme " + run), "acme's effects");
    assertEquals(1, rows.effects(KeyedHandler.CONSUMER, "globex " + run), "globex's effects");
    assertEquals(
        Optional.of("acme " + run + "-a"),
        rows.duplicateOf(KeyedHandler.CONSUMER, "acme " + run + "-c"),
        "acme's second order is a semantic duplicate of acme's first, not of globex's");
  }

  @Test
  void aMessageWithoutItsTenantIsQuarantinedAsInvalidIdentity() {
    String run = TestMessage.newRun();

    String id = run + "-untenanted";
    producer.send(TestMessage.of(run, id, EffectHandler.TYPE, "{}"));
    broker.settledWhen("quarantined", () -> broker.quarantined(run).size() == 1);
    broker.assertQuarantined(run, "invalid-identity");

    // A redrive cannot key it either: only the producer can send it again, with its tenant.
    assertEquals(1, broker.redriveFromQuarantine("messageId = '" + id + "'"), "redriven");
    broker.settledWhen("quarantined again", () -> broker.quarantined(run).size() == 1);
    broker.assertQuarantined(run, "invalid-identity");
    assertEquals(0, rows.effects(EffectHandler.CONSUMER, run), "effects");
    assertEquals(0, rows.inbox(run), "rows");
  }
}
