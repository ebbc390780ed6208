package dev.inbox.faults;

import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.testkit.TestMessage;
import dev.inbox.testkit.WebhookSignatures;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Map;

/**
 * A GitHub-style webhook source the fault suite's nodes take ({@link #SETTINGS}), and signed
 * deliveries to a node's endpoint, for the effect handler, marked with their test run.
 */
final class Webhook {

  private static final String SECRET = "faults-github-secret";

  /** The settings every node of the fault suite deploys with. */
  static final Map<String, String> SETTINGS =
      Map.of(
          "inbox.webhooks.sources",
          "github",
          "inbox.webhooks.github.secret",
          SECRET,
          "inbox.webhooks.github.header-properties",
          "X-Test-Run:" + TestMessage.RUN);

  private Webhook() {}

  /** The identity the inbox gives a delivery of this source. */
  static String identity(String deliveryId) {
    return "github:" + deliveryId;
  }

  static HttpRequest delivery(Node node, String run, String deliveryId, String body) {
    return HttpRequest.newBuilder(URI.create(node.httpUrl() + "/inbox/webhooks/github"))
        .timeout(Duration.ofSeconds(60))
        .header("Content-Type", "application/json")
        .header("X-GitHub-Delivery", deliveryId)
        .header("X-GitHub-Event", EffectHandler.TYPE)
        .header("X-Test-Run", run)
        .header("X-Hub-Signature-256", WebhookSignatures.github(SECRET, body))
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }
}
