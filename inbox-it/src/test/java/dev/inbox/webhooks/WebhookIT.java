package dev.inbox.webhooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Broker;
import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.EffectHandler;
import dev.inbox.it.handlers.RelayHandler;
import dev.inbox.it.handlers.Rows;
import dev.inbox.testkit.Scrape;
import dev.inbox.testkit.TestMessage;
import dev.inbox.testkit.WebhookSignatures;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A partner's webhooks over real HTTP to the inbox's endpoint: signed as GitHub and Stripe sign,
 * put on the inbox queue, applied once however often the partner delivers them, concurrent
 * deliveries included; a delivery whose signature does not verify, from an unknown source, too
 * large or not JSON is refused with a problem response and touches nothing.
 */
@InboxTest
@Tag("http")
class WebhookIT {

  private static final String GITHUB_SECRET = "it-github-secret";
  private static final String STRIPE_SECRET = "whsec_it";

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(
        WebhookIT.class,
        Map.of(
            "inbox.webhooks.sources",
            "github,payments",
            "inbox.webhooks.github.secret",
            GITHUB_SECRET,
            "inbox.webhooks.github.header-properties",
            "X-Test-Run:" + TestMessage.RUN,
            "inbox.webhooks.payments.scheme",
            "stripe",
            "inbox.webhooks.payments.secret",
            STRIPE_SECRET,
            "inbox.webhooks.payments.header-properties",
            "X-Test-Run:" + TestMessage.RUN,
            "inbox.webhooks.payments.max-body-bytes",
            "4096"));
  }

  @Inject private Broker broker;
  @Inject private Rows rows;

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  @Test
  void aDeliveryThePartnerSendsAgainIsAppliedOnceAndAnsweredAlike() {
    String run = TestMessage.newRun();
    String body = "{\"action\": \"opened\"}";
    Scrape before = Settings.ofServer().scrape();

    HttpResponse<String> first = post("github", github(run, run + "-1", EffectHandler.TYPE), body);
    HttpResponse<String> again = post("github", github(run, run + "-1", EffectHandler.TYPE), body);

    assertEquals(202, first.statusCode(), first.body());
    assertEquals(first.statusCode(), again.statusCode(), again.body());
    assertEquals(first.body(), again.body(), "the answers");
    assertTrue(first.body().contains("\"messageId\":\"github:" + run + "-1\""), first.body());
    broker.settledWhen(
        "the delivery applied and its repeat absorbed",
        () -> delta(before, "inbox_duplicates_total", effects()) >= 1);
    assertEquals(1, rows.inbox(EffectHandler.CONSUMER, "github:" + run), "inbox rows");
    assertEquals(1, rows.effects(EffectHandler.CONSUMER, "github:" + run), "effects");
    assertEquals(2, delta(before, "inbox_webhook_receipts_total", receipt("github", "accepted")));
    assertTrue(broker.quarantined(run).isEmpty(), "nothing quarantined");
  }

  @Test
  void anotherBodyUnderADeliveredIdIsQuarantinedAsACollision() {
    String run = TestMessage.newRun();
    String id = run + "-1";

    assertEquals(
        202, post("github", github(run, id, EffectHandler.TYPE), "{\"n\": 1}").statusCode());
    broker.settledWhen(
        "the first body applied", () -> rows.inbox(EffectHandler.CONSUMER, "github:" + run) == 1);
    assertEquals(
        202, post("github", github(run, id, EffectHandler.TYPE), "{\"n\": 2}").statusCode());
    broker.settledWhen("the second body quarantined", () -> !broker.quarantined(run).isEmpty());

    Broker.Found quarantined = broker.assertQuarantined(run, "payload-mismatch");
    assertEquals("{\"n\": 2}", quarantined.text(), "the quarantined body");
    assertEquals(1, rows.effects(EffectHandler.CONSUMER, "github:" + run), "effects");
  }

  @Test
  void aDeliveryWhoseSignatureDoesNotVerifyIsRefusedAndTouchesNothing() {
    String run = TestMessage.newRun();
    String body = "{\"amount\": 100}";
    String other = "{\"amount\": 1000000}";
    Scrape before = Settings.ofServer().scrape();

    List<HttpResponse<String>> answers =
        List.of(
            post("github", headers(run, run + "-1", signature("not-the-secret", body)), body),
            post("github", headers(run, run + "-2", null), body),
            // A signature seen on the wire, replayed with another body.
            post("github", headers(run, run + "-3", signature(GITHUB_SECRET, body)), other));

    for (HttpResponse<String> answer : answers) {
      assertEquals(401, answer.statusCode(), answer.body());
      assertEquals(
          "application/problem+json",
          answer.headers().firstValue("Content-Type").orElse("").split(";")[0]);
      assertTrue(answer.body().contains("urn:inbox:webhook:bad-signature"), answer.body());
    }
    assertEquals(
        3, delta(before, "inbox_webhook_receipts_total", receipt("github", "bad-signature")));
    broker.settled("the inbox queue");
    assertEquals(0, rows.inbox("github:" + run), "inbox rows");
    assertTrue(broker.quarantined(run).isEmpty(), "nothing quarantined");
  }

  @Test
  void anUnknownSourceAnOversizeBodyAndAnotherMediaTypeAreRefused() {
    String run = TestMessage.newRun();
    String body = "{}";
    Scrape before = Settings.ofServer().scrape();
    String large = "{\"pad\": \"" + "x".repeat(5000) + "\"}";
    long now = Instant.now().getEpochSecond();

    HttpResponse<String> unknown =
        post("gitlab", github(run, run + "-1", EffectHandler.TYPE), body);
    HttpResponse<String> tooLarge =
        post("payments", stripe(run, stripeSignature(large, now)), large);
    HttpResponse<String> notJson =
        send(
            "github",
            github(run, run + "-2", EffectHandler.TYPE),
            "action=opened",
            "application/x-www-form-urlencoded");

    assertEquals(404, unknown.statusCode(), unknown.body());
    assertTrue(unknown.body().contains("'gitlab'"), unknown.body());
    assertEquals(413, tooLarge.statusCode(), tooLarge.body());
    assertTrue(tooLarge.body().contains("max-body-bytes allows 4096"), tooLarge.body());
    assertEquals(415, notJson.statusCode(), notJson.body());
    assertEquals(1, delta(before, "inbox_webhook_receipts_total", receipt("", "unknown-source")));
    assertEquals(
        1, delta(before, "inbox_webhook_receipts_total", receipt("payments", "too-large")));
    assertEquals(
        1,
        delta(before, "inbox_webhook_receipts_total", receipt("github", "unsupported-media-type")));
    broker.settled("the inbox queue");
    assertEquals(0, rows.inbox("github:" + run) + rows.inbox("payments:" + run), "inbox rows");
  }

  @Test
  void aStripeStyleDeliveryIsKeyedByTheIdInItsBodyAndAppliedOnce() {
    String run = TestMessage.newRun();
    String body = "{\"id\": \"%s-evt\", \"type\": \"%s\"}".formatted(run, EffectHandler.TYPE);
    long now = Instant.now().getEpochSecond();
    Scrape before = Settings.ofServer().scrape();

    HttpResponse<String> first = post("payments", stripe(run, stripeSignature(body, now)), body);
    // A partner signs each attempt anew.
    HttpResponse<String> retry =
        post("payments", stripe(run, stripeSignature(body, now + 1)), body);
    HttpResponse<String> stale =
        post("payments", stripe(run, stripeSignature(body, now - 3600)), body);

    assertEquals(202, first.statusCode(), first.body());
    assertEquals(202, retry.statusCode(), retry.body());
    assertEquals(401, stale.statusCode(), stale.body());
    assertTrue(stale.body().contains("tolerance is 300 s"), stale.body());
    broker.settledWhen(
        "the delivery applied and its repeat absorbed",
        () -> delta(before, "inbox_duplicates_total", effects()) >= 1);
    assertEquals(
        List.of("payments:" + run + "-evt"),
        rows.inboxIds(EffectHandler.CONSUMER, "payments:" + run),
        "inbox rows");
    assertEquals(1, rows.effects(EffectHandler.CONSUMER, "payments:" + run), "effects");
  }

  @Test
  void concurrentDeliveriesOfOneWebhookApplyItOnce() {
    String run = TestMessage.newRun();
    String body = "{\"action\": \"closed\"}";
    List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();

    for (int i = 0; i < 8; i++) {
      sent.add(
          http.sendAsync(
              request(
                  "github", github(run, run + "-1", EffectHandler.TYPE), body, "application/json"),
              HttpResponse.BodyHandlers.ofString()));
    }

    for (CompletableFuture<HttpResponse<String>> answer : sent) {
      assertEquals(202, answer.join().statusCode(), answer.join().body());
    }
    broker.settled("every delivery decided");
    assertEquals(1, rows.inbox(EffectHandler.CONSUMER, "github:" + run), "inbox rows");
    assertEquals(1, rows.effects(EffectHandler.CONSUMER, "github:" + run), "effects");
    assertTrue(broker.quarantined(run).isEmpty(), "nothing quarantined");
  }

  @Test
  void aMessageAHandlerSendsBehindAWebhookIsSentOnce() {
    String run = TestMessage.newRun();
    String id = run + "-relay";
    String body = "{\"queue\": \"%s\"}".formatted(Settings.ofServer().inboxQueue());

    assertEquals(202, post("github", github(run, id, RelayHandler.TYPE), body).statusCode());
    broker.settledWhen(
        "the delivery and its follow-up applied",
        () -> rows.inbox(EffectHandler.CONSUMER, "github:" + run) == 1);
    assertEquals(202, post("github", github(run, id, RelayHandler.TYPE), body).statusCode());
    broker.settled("the repeat decided");

    assertEquals(
        List.of("github:" + id + "-relayed-2"),
        rows.inboxIds(EffectHandler.CONSUMER, "github:" + run),
        "follow-ups applied: the applying delivery's only");
    assertEquals(1, rows.effectsOf(RelayHandler.CONSUMER, "github:" + id), "effects");
  }

  private static Map<String, String> effects() {
    return Map.of("consumer", EffectHandler.CONSUMER, "type", EffectHandler.TYPE);
  }

  private static Map<String, String> receipt(String source, String receipt) {
    return Map.of("source", source, "receipt", receipt);
  }

  private static double delta(Scrape before, String name, Map<String, String> labels) {
    return Settings.ofServer().scrape().value(name, labels) - before.value(name, labels);
  }

  /** A GitHub delivery's headers, signed with the source's secret once the body is known. */
  private static Headers github(String run, String deliveryId, String event) {
    return body ->
        List.of(
            "X-GitHub-Delivery", deliveryId,
            "X-GitHub-Event", event,
            "X-Test-Run", run,
            "X-Hub-Signature-256", signature(GITHUB_SECRET, body));
  }

  /** A GitHub delivery's headers with a fixed signature, or none. */
  private static Headers headers(String run, String deliveryId, String signature) {
    List<String> headers =
        new ArrayList<>(
            List.of(
                "X-GitHub-Delivery", deliveryId,
                "X-GitHub-Event", EffectHandler.TYPE,
                "X-Test-Run", run));
    if (signature != null) {
      headers.addAll(List.of("X-Hub-Signature-256", signature));
    }
    return body -> headers;
  }

  private static Headers stripe(String run, String signature) {
    return body -> List.of("Stripe-Signature", signature, "X-Test-Run", run);
  }

  /** A delivery's headers as name, value, name, value..., given its body. */
  @FunctionalInterface
  private interface Headers {
    List<String> of(String body);
  }

  private static String signature(String secret, String body) {
    return WebhookSignatures.github(secret, body);
  }

  private static String stripeSignature(String body, long time) {
    return WebhookSignatures.stripe(STRIPE_SECRET, body, time);
  }

  private HttpResponse<String> post(String source, Headers headers, String body) {
    return send(source, headers, body, "application/json");
  }

  private HttpResponse<String> send(
      String source, Headers headers, String body, String contentType) {
    try {
      return http.send(
          request(source, headers, body, contentType), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static HttpRequest request(
      String source, Headers headers, String body, String contentType) {
    return HttpRequest.newBuilder(
            URI.create(Settings.ofServer().appUrl() + "/inbox/webhooks/" + source))
        .timeout(Duration.ofSeconds(30))
        .header("Content-Type", contentType)
        .headers(headers.of(body).toArray(String[]::new))
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }
}
