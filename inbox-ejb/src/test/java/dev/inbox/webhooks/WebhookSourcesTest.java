package dev.inbox.webhooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WebhookSourcesTest {

  @Test
  void aSourceNamedAfterASchemeTakesItsDefaults() {
    Source github = read("github", Map.of("inbox.webhooks.github.secret", "s")).get("github");

    assertEquals(Scheme.GITHUB, github.scheme());
    assertEquals("X-Hub-Signature-256", github.signatureHeader());
    assertEquals("header:X-GitHub-Delivery", github.deliveryId().toString());
    assertEquals("header:X-GitHub-Event", github.type().toString());
    assertEquals(1_048_576, github.maxBodyBytes());
    assertEquals(Duration.ofMinutes(5), github.tolerance());
    assertTrue(!github.toString().contains("secret=") && !github.toString().contains("[B@"));
  }

  @Test
  void aSourceSaysWhereItsValuesAre() {
    Source custom =
        read(
                "billing",
                Map.of(
                    "inbox.webhooks.billing.scheme", "Stripe",
                    "inbox.webhooks.billing.secret", "s",
                    "inbox.webhooks.billing.delivery-id", "header:Idempotency-Key",
                    "inbox.webhooks.billing.type", "json:/data/kind",
                    "inbox.webhooks.billing.max-body-bytes", "2048",
                    "inbox.webhooks.billing.tolerance", "PT1M"))
            .get("billing");

    assertEquals(Scheme.STRIPE, custom.scheme());
    assertEquals("header:Idempotency-Key", custom.deliveryId().toString());
    assertTrue(custom.type().inBody());
    assertEquals(2048, custom.maxBodyBytes());
    assertEquals(Duration.ofMinutes(1), custom.tolerance());
  }

  @Test
  void settingsTheInboxCannotUseAreRefusedByName() {
    assertRefused("github,GitHub", Map.of(), "names 'GitHub'");
    assertRefused(
        "partner",
        Map.of("inbox.webhooks.partner.secret", "s"),
        "inbox.webhooks.partner.scheme is not set");
    assertRefused("github", Map.of(), "inbox.webhooks.github.secret is not set");
    assertRefused(
        "github",
        Map.of(
            "inbox.webhooks.github.secret",
            "s",
            "inbox.webhooks.github.max-body-bytes",
            "20000000"),
        "inbox.webhooks.github.max-body-bytes is 20000000: it must be between 1 and inbox.max-body-bytes, 10485760");
    assertRefused(
        "github",
        Map.of("inbox.webhooks.github.secret", "s", "inbox.webhooks.github.delivery-id", "/id"),
        "inbox.webhooks.github.delivery-id is '/id'");
    assertRefused(
        "stripe",
        Map.of("inbox.webhooks.stripe.secret", "s", "inbox.webhooks.stripe.tolerance", "5m"),
        "inbox.webhooks.stripe.tolerance is '5m'");
    assertRefused(
        "github",
        Map.of(
            "inbox.webhooks.github.secret", "s",
            "inbox.webhooks.github.header-properties", "X-Reason:inbox_reason"),
        "inbox.webhooks.github.header-properties has 'X-Reason:inbox_reason'");
    for (String decidedByTheInbox :
        new String[] {"messageType", "tenantId", "webhookSource", "ce_id"}) {
      assertRefused(
          "github",
          Map.of(
              "inbox.webhooks.github.secret",
              "s",
              "inbox.webhooks.github.header-properties",
              "X-Spoof:" + decidedByTheInbox),
          "inbox.webhooks.github.header-properties has 'X-Spoof:" + decidedByTheInbox + "'");
    }
    IllegalArgumentException keyedByBrokerId =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                WebhookSources.read(
                    key -> Optional.of("s"),
                    "github",
                    "JMSMessageID",
                    WebhooksTest.RESERVED,
                    10_485_760));
    assertTrue(keyedByBrokerId.getMessage().contains("inbox.message-id-property is JMSMessageID"));
  }

  @Test
  void noSourcesIsNoEndpoint() {
    assertEquals(Map.of(), read("", Map.of()));
  }

  @Test
  void gitHubsOwnExampleVerifies() {
    // The example in GitHub's documentation on validating webhook deliveries.
    byte[] secret = "It's a Secret to Everybody".getBytes(StandardCharsets.UTF_8);
    byte[] body = "Hello, World!".getBytes(StandardCharsets.UTF_8);
    String signature = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";

    assertNull(Scheme.GITHUB.refusal(secret, signature, body, Instant.now(), Duration.ZERO));
  }

  private static Map<String, Source> read(String names, Map<String, String> settings) {
    return WebhookSources.read(
        key -> Optional.ofNullable(settings.get(key)),
        names,
        "messageId",
        WebhooksTest.RESERVED,
        10_485_760);
  }

  private static void assertRefused(String names, Map<String, String> settings, String message) {
    IllegalArgumentException refused =
        assertThrows(IllegalArgumentException.class, () -> read(names, settings));
    assertTrue(refused.getMessage().contains(message), refused.getMessage());
  }
}
