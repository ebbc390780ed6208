package dev.inbox.receiving;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.it.handlers.Tripwire;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.StreamMessage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * A catalogue of hostile messages, one of each kind, and a well-formed control message after them.
 * Each kind ends as exactly one effect under exactly its own identity, or as one quarantined
 * message with the reason the catalogue names: none reaches the dead-letter queue, none is lost, no
 * two identities share a row, and the control message is applied. Every cell runs it.
 */
@InboxTest
class HostileInputIT {

  /**
   * A body limit the catalogue can cross cheaply: 1 MiB, which Artemis sends as a large message.
   */
  private static final int MAX_BODY_BYTES = 1 << 20;

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(
        HostileInputIT.class, Map.of("inbox.max-body-bytes", Integer.toString(MAX_BODY_BYTES)));
  }

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Rows rows;

  /** A message of the catalogue: applied under its id, or quarantined with the reason. */
  private record Case(
      String name, String appliedId, String reason, Function<JMSContext, Message> make) {}

  /** What a message of the catalogue is made of: its body, on a context. */
  private interface Body {
    Message on(JMSContext jms) throws JMSException;
  }

  private final List<Case> catalogue = new ArrayList<>();
  private String run;

  @Test
  void everyHostileMessageEndsAsOneEffectOrOneNamedQuarantine() {
    run = TestMessage.newRun();
    String id = run + "-";
    double redrivesBefore = redrives();
    int deserialisedBefore = Tripwire.deserialised();

    // Every JMS body type.
    applied("text JSON", id + "text", text("{\"order\": 1}"));
    applied("bytes", id + "bytes", bytes(new byte[] {1, 2, 3}));
    quarantined("map body", "unsupported-body", id + "map", jms -> jms.createMapMessage());
    quarantined(
        "object body, never deserialised",
        "unsupported-body",
        id + "object",
        jms -> jms.createObjectMessage(new Tripwire()));
    quarantined("stream body", "unsupported-body", id + "stream", jms -> streamOf(jms));
    quarantined("no body", "unsupported-body", id + "none", jms -> jms.createMessage());
    // Bodies that are empty, not JSON, cut short or not text at all.
    applied("empty text", id + "empty", text(""));
    applied("null text", id + "null-text", jms -> jms.createTextMessage(null));
    applied("not JSON", id + "not-json", text("hello, inbox"));
    applied("truncated JSON", id + "truncated", text("{\"order\": "));
    applied("JSON and more", id + "json-and-more", text("{\"order\": 1} trailing"));
    applied("invalid UTF-8 bytes", id + "bad-utf8", bytes(new byte[] {(byte) 0xC3, 0x28, -1}));
    quarantined("lone surrogate in text", "unreadable-body", id + "surrogate", text("ab\uD800c"));
    applied("escaped lone surrogate", id + "escaped-surrogate", text("[\"\\ud800\"]"));
    quarantined(
        "deep nesting",
        "unreadable-body",
        id + "deep",
        text("[".repeat(50_000) + "]".repeat(50_000)));
    quarantined(
        "number too long",
        "unreadable-body",
        id + "long-number",
        text("[" + "9".repeat(5000) + "]"));
    quarantined(
        "exponent out of range", "unreadable-body", id + "exponent", text("[1e9999999999]"));
    quarantined(
        "duplicate keys", "unreadable-body", id + "duplicate-keys", text("{\"a\":1,\"a\":2}"));
    quarantined(
        "text over the limit",
        "body-too-large",
        id + "big-text",
        text("x".repeat(MAX_BODY_BYTES + 1)));
    quarantined(
        "bytes over the limit",
        "body-too-large",
        id + "big-bytes",
        bytes(new byte[MAX_BODY_BYTES + 1]));
    applied("bytes at the limit", id + "limit-bytes", bytes(new byte[MAX_BODY_BYTES]));
    // Identities: empty, long, with characters a database refuses, folds or rewrites.
    quarantined("empty id", "missing-identity", "", text("{}"));
    quarantined("blank id", "missing-identity", "   ", text("{}"));
    applied("id of 400 characters", pad(id + "long-", 400), text("{}"));
    quarantined("id of 401 characters", "invalid-identity", pad(id + "longer-", 401), text("{}"));
    quarantined("id with NUL", "invalid-identity", id + "nul\u0000", text("{}"));
    quarantined("id with lone surrogate", "invalid-identity", id + "half\uD800", text("{}"));
    quarantined("id with a line break", "invalid-identity", id + "line\nbreak", text("{}"));
    applied("id beyond the BMP", id + "emoji-\uD83D\uDE00", text("{}"));
    applied("id in upper case", id + "Case-A", text("{}"));
    applied("id in lower case", id + "case-a", text("{}"));
    applied("id without trailing space", id + "space", text("{}"));
    applied("id with trailing space", id + "space ", text("{}"));
    applied("id composed (NFC)", id + "caf\u00e9", text("{}"));
    applied("id decomposed (NFD)", id + "cafe\u0301", text("{}"));
    // Types, versions and tenants.
    quarantined("empty type", "missing-type", id + "no-type", text("{}"), "messageType", "");
    quarantined(
        "type with NUL",
        "invalid-property",
        id + "type-nul",
        text("{}"),
        "messageType",
        "it.\u0000");
    quarantined(
        "type too long",
        "invalid-property",
        id + "type-long",
        text("{}"),
        "messageType",
        "t".repeat(201));
    quarantined(
        "version with a control character",
        "invalid-property",
        id + "version",
        text("{}"),
        "contractVersion",
        "1\u0007");
    quarantined(
        "tenant too long",
        "invalid-property",
        id + "tenant",
        text("{}"),
        "tenantId",
        "t".repeat(101));
    quarantined(
        "unknown type", "unknown-type", id + "unknown", text("{}"), "messageType", "it.nobody");
    // The inbox's own properties, spoofed or malformed by a producer: ignored, never failing.
    applied(
        "spoofed quarantine reason",
        id + "spoofed-reason",
        text("{}"),
        "inbox_reason",
        "retries-exhausted",
        "inbox_consumer",
        EffectHandler.CONSUMER);
    applied(
        "spoofed seal", id + "spoofed-seal", text("{}"), "inbox_seal", "AAAA", "inbox_reason", "x");
    applied(
        "producer time as text", id + "time-text", text("{}"), "inbox_produced_at", "yesterday");
    applied("producer time from 1970", id + "time-zero", text("{}"), "inbox_produced_at", 0L);
    applied(
        "spoofed original id", id + "own-id", text("{}"), "inbox_message_id", id + "someone-else");
    // CloudEvents properties that would make two identities one.
    cloudEvent("source with a space", null, "invalid-identity", id + "ce a", "b");
    cloudEvent("id with a space", id + "ce-a b c", null, id + "ce-a", "b c");
    cloudEvent("id without a source", null, "missing-identity", null, "c");

    List<Function<JMSContext, Message>> messages = new ArrayList<>();
    catalogue.forEach(each -> messages.add(each.make()));
    TestMessage control = TestMessage.of(run, id + "control", EffectHandler.TYPE, "{}");
    producer.sendBuilt(messages);
    producer.send(control);

    long quarantines = catalogue.stream().filter(each -> each.reason() != null).count();
    broker.settledWhen(
        "the control applied and every hostile message settled",
        () ->
            rows.effectsOf(EffectHandler.CONSUMER, id + "control") == 1
                && broker.quarantined(run).size() == quarantines);

    Map<Object, List<Broker.Found>> quarantinedByCase =
        broker.quarantined(run).stream()
            .collect(Collectors.groupingBy(found -> found.property("case")));
    // Compared here, not by the database: the test's own table keeps the database's default
    // collation, which on MariaDB folds case, trailing spaces and normalisation.
    Map<String, List<String>> effects = rows.effectHashes(EffectHandler.CONSUMER, run);
    List<Executable> checks = new ArrayList<>();
    for (Case each : catalogue) {
      List<Broker.Found> found = quarantinedByCase.getOrDefault(each.name(), List.of());
      if (each.reason() == null) {
        checks.add(
            () ->
                assertEquals(
                    1,
                    effects.getOrDefault(each.appliedId(), List.of()).size(),
                    each.name() + ": effects"));
        checks.add(() -> assertEquals(List.of(), found, each.name() + ": quarantined"));
      } else {
        checks.add(() -> assertEquals(1, found.size(), each.name() + ": quarantined once"));
        checks.add(
            () ->
                assertEquals(
                    each.reason(),
                    found.isEmpty() ? null : found.get(0).property("inbox_reason"),
                    each.name() + ": " + found));
      }
    }
    TreeSet<String> appliedIds = new TreeSet<>();
    catalogue.stream()
        .filter(each -> each.reason() == null)
        .forEach(each -> appliedIds.add(each.appliedId()));
    appliedIds.add(id + "control");
    checks.add(
        () ->
            assertEquals(
                appliedIds,
                new TreeSet<>(rows.inboxIds(EffectHandler.CONSUMER, run)),
                "every applied identity has exactly its own row, and no other has one"));
    checks.add(() -> assertEquals(List.of(), broker.deadLettered(run), "dead-lettered"));
    checks.add(
        () -> assertEquals(deserialisedBefore, Tripwire.deserialised(), "bodies deserialised"));
    checks.add(
        () -> assertEquals(redrivesBefore, redrives(), "redrives: spoofed properties are not one"));
    assertAll(checks);
  }

  private void applied(String name, String messageId, Body body, Object... properties) {
    catalogue.add(new Case(name, messageId, null, message(name, messageId, body, properties)));
  }

  private void quarantined(
      String name, String reason, String messageId, Body body, Object... properties) {
    catalogue.add(new Case(name, null, reason, message(name, messageId, body, properties)));
  }

  /** A CloudEvents message: identity from ce_source and ce_id, the type from ce_type. */
  private void cloudEvent(String name, String appliedId, String reason, String source, String id) {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put("ce_specversion", "1.0");
    properties.put("ce_type", EffectHandler.TYPE);
    properties.put("ce_id", id);
    if (source != null) {
      properties.put("ce_source", source);
    }
    catalogue.add(new Case(name, appliedId, reason, built(name, text("{}"), properties)));
  }

  /** A message with the default identity and type, and extra properties as name, value pairs. */
  private Function<JMSContext, Message> message(
      String name, String messageId, Body body, Object... extra) {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put("messageId", messageId);
    properties.put("messageType", EffectHandler.TYPE);
    for (int i = 0; i < extra.length; i += 2) {
      properties.put((String) extra[i], extra[i + 1]);
    }
    return built(name, body, properties);
  }

  private Function<JMSContext, Message> built(
      String name, Body body, Map<String, Object> properties) {
    return jms -> {
      try {
        Message message = body.on(jms);
        message.setStringProperty(TestMessage.RUN, run);
        message.setStringProperty("case", name);
        for (Map.Entry<String, Object> property : properties.entrySet()) {
          message.setObjectProperty(property.getKey(), property.getValue());
        }
        return message;
      } catch (JMSException e) {
        throw new IllegalStateException("Cannot build the message of case " + name, e);
      }
    };
  }

  private static Body text(String text) {
    return jms -> jms.createTextMessage(text);
  }

  private static Body bytes(byte[] body) {
    return jms -> {
      BytesMessage message = jms.createBytesMessage();
      message.writeBytes(body);
      return message;
    };
  }

  private static Message streamOf(JMSContext jms) throws JMSException {
    StreamMessage message = jms.createStreamMessage();
    message.writeString("a stream");
    return message;
  }

  private static String pad(String prefix, int length) {
    char[] tail = new char[length - prefix.length()];
    Arrays.fill(tail, 'x');
    return prefix + new String(tail);
  }

  private static double redrives() {
    return Settings.ofServer()
        .scrape()
        .value("inbox_redrives_total", Map.of("type", EffectHandler.TYPE));
  }
}
