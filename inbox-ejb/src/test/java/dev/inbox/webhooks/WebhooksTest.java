package dev.inbox.webhooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.NotificationOptions;
import jakarta.enterprise.util.TypeLiteral;
import java.io.ByteArrayInputStream;
import java.lang.annotation.Annotation;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

class WebhooksTest {

  static final java.util.Set<String> RESERVED =
      WebhookSources.reserved(java.util.stream.Stream.of("messageId", "messageType", "tenantId"));

  private static final Instant NOW = Instant.parse("2026-12-04T10:00:00Z");
  private static final String GITHUB_SECRET = "It's a Secret to Everybody";
  private static final String STRIPE_SECRET = "whsec_test";
  private static final String BODY = "{\"id\": \"evt_1\", \"type\": \"invoice.paid\"}";

  private final List<Sent> sent = new ArrayList<>();
  private final List<WebhookReceived> received = new ArrayList<>();
  private boolean brokerDown;

  private final Webhooks webhooks =
      new Webhooks(
          sources(
              Map.of(
                  "inbox.webhooks.github.secret",
                  GITHUB_SECRET,
                  "inbox.webhooks.github.header-properties",
                  "X-GitHub-Hook-ID:hookId",
                  "inbox.webhooks.payments.scheme",
                  "stripe",
                  "inbox.webhooks.payments.secret",
                  STRIPE_SECRET,
                  "inbox.webhooks.payments.max-body-bytes",
                  "100")),
          new WebhookQueue() {
            @Override
            public void send(Map<String, String> properties, String body) {
              if (brokerDown) {
                throw new IllegalStateException("no broker");
              }
              sent.add(new Sent(properties, body));
            }
          },
          new Recorder(),
          "messageId",
          "messageType",
          Clock.fixed(NOW, ZoneOffset.UTC));

  private record Sent(Map<String, String> properties, String body) {}

  @Test
  void aGitHubDeliveryIsPutOnTheQueueUnderItsSourceAndDeliveryId() {
    Webhooks.Answer answer = webhooks.receive("github", github(BODY, githubSignature(BODY)));

    assertEquals(Receipt.ACCEPTED, answer.receipt(), answer.detail());
    assertEquals("github:72d3162e", answer.messageId());
    assertEquals(
        List.of(
            new Sent(
                Map.of(
                    "messageId",
                    "github:72d3162e",
                    "messageType",
                    "push",
                    Webhooks.SOURCE_PROPERTY,
                    "github"),
                BODY)),
        sent);
    assertEquals(List.of(new WebhookReceived("github", Receipt.ACCEPTED)), received);
  }

  @Test
  void namedHeadersBecomeProperties() {
    Webhooks.Request request = github(BODY, githubSignature(BODY));
    Webhooks.Request withHook =
        new Webhooks.Request(
            request.contentType(),
            request.contentLength(),
            name ->
                name.equalsIgnoreCase("X-GitHub-Hook-ID") ? "42" : request.headers().apply(name),
            request.body());

    webhooks.receive("github", withHook);

    assertEquals("42", sent.get(0).properties().get("hookId"));
    assertEquals("github:72d3162e", sent.get(0).properties().get("messageId"));
  }

  @Test
  void aWrongMissingOrReplayedSignatureIsRefusedAndTouchesNothing() {
    String otherBody = "{\"id\": \"evt_1\", \"type\": \"invoice.voided\"}";
    List<Webhooks.Request> requests =
        List.of(
            github(BODY, "sha256=" + "00".repeat(32)),
            github(BODY, null),
            github(BODY, "sha1=" + "00".repeat(20)),
            github(BODY, "sha256=not-hex"),
            github(otherBody, githubSignature(BODY)),
            stripe(otherBody, stripeSignature(BODY, NOW.getEpochSecond())));

    for (Webhooks.Request request : requests) {
      String source = request.headers().apply("Stripe-Signature") != null ? "payments" : "github";
      Webhooks.Answer answer = webhooks.receive(source, request);
      assertEquals(Receipt.BAD_SIGNATURE, answer.receipt(), answer.detail());
      assertTrue(answer.detail().contains("check the secret"), answer.detail());
    }
    assertEquals(List.of(), sent, "sent");
  }

  @Test
  void aStripeDeliveryTakesItsIdAndTypeFromTheBodyWithinTheTolerance() {
    Webhooks.Answer answer =
        webhooks.receive(
            "payments", stripe(BODY, stripeSignature(BODY, NOW.getEpochSecond() - 60)));

    assertEquals(Receipt.ACCEPTED, answer.receipt(), answer.detail());
    assertEquals("payments:evt_1", answer.messageId());
    assertEquals("invoice.paid", sent.get(0).properties().get("messageType"));
  }

  @Test
  void aStripeSignatureMadeLongAgoIsRefused() {
    Webhooks.Answer answer =
        webhooks.receive(
            "payments", stripe(BODY, stripeSignature(BODY, NOW.getEpochSecond() - 301)));

    assertEquals(Receipt.BAD_SIGNATURE, answer.receipt());
    assertTrue(answer.detail().contains("tolerance is 300 s"), answer.detail());
  }

  @Test
  void anyOfStripesSignaturesMayMatchWhileThePartnerRollsItsSecret() {
    long t = NOW.getEpochSecond();
    String signature =
        "t=%d,v1=%s,%s".formatted(t, "ab".repeat(32), stripeSignature(BODY, t).split(",")[1]);

    assertEquals(Receipt.ACCEPTED, webhooks.receive("payments", stripe(BODY, signature)).receipt());
  }

  @Test
  void anUnknownSourceIsRefusedUnderNoSourcesName() {
    Webhooks.Answer answer = webhooks.receive("gitlab", github(BODY, githubSignature(BODY)));

    assertEquals(Receipt.UNKNOWN_SOURCE, answer.receipt());
    assertTrue(answer.detail().contains("'gitlab'"), answer.detail());
    assertTrue(
        !answer.detail().contains("payments"), "the sources are not told: " + answer.detail());
    assertEquals(List.of(new WebhookReceived("", Receipt.UNKNOWN_SOURCE)), received);
  }

  @Test
  void aBodyOverTheLimitIsRefusedByItsLengthOrWhileRead() {
    String large = "{\"id\": \"evt_1\", \"pad\": \"" + "x".repeat(100) + "\"}";
    String signature = stripeSignature(large, NOW.getEpochSecond());
    Webhooks.Request declared = stripe(large, signature);
    Webhooks.Request chunked =
        new Webhooks.Request(declared.contentType(), -1, declared.headers(), stream(large));

    for (Webhooks.Request request : List.of(declared, chunked)) {
      Webhooks.Answer answer = webhooks.receive("payments", request);
      assertEquals(Receipt.TOO_LARGE, answer.receipt());
      assertTrue(
          answer.detail().contains("inbox.webhooks.payments.max-body-bytes allows 100"),
          answer.detail());
    }
    assertEquals(List.of(), sent);
  }

  @Test
  void aBodyThatIsNotJsonIsRefusedByItsContentType() {
    for (String contentType :
        new String[] {
          null,
          "application/x-www-form-urlencoded",
          "text/plain",
          "application/json; charset=latin1"
        }) {
      Webhooks.Request json = github(BODY, githubSignature(BODY));
      Webhooks.Request request =
          new Webhooks.Request(contentType, json.contentLength(), json.headers(), json.body());
      assertEquals(
          Receipt.UNSUPPORTED_MEDIA_TYPE,
          webhooks.receive("github", request).receipt(),
          String.valueOf(contentType));
    }
    assertEquals(null, Webhooks.mediaTypeProblem("application/cloudevents+json; charset=UTF-8"));
  }

  @Test
  void aDeliveryWithoutAnIdIsRefused() {
    Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.put("X-Hub-Signature-256", githubSignature(BODY));
    Webhooks.Answer noHeader =
        webhooks.receive("github", request("application/json", headers, BODY));
    String notJson = "not json";
    Webhooks.Answer notJsonBody =
        webhooks.receive(
            "payments", stripe(notJson, stripeSignature(notJson, NOW.getEpochSecond())));

    assertEquals(Receipt.UNREADABLE, noHeader.receipt());
    assertTrue(noHeader.detail().contains("no id in header:X-GitHub-Delivery"), noHeader.detail());
    assertEquals(Receipt.UNREADABLE, notJsonBody.receipt());
    assertTrue(notJsonBody.detail().contains("(the body is not JSON)"), notJsonBody.detail());
    assertEquals(List.of(), sent);
  }

  @Test
  void aBodyThatIsNotUtf8OrHasNoIdWhereTheSourceSaysIsUnreadable() {
    byte[] latin1 = "{\"id\": \"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1);
    String array = "[{\"id\": \"evt_1\"}]";
    String scalar = "{\"id\": 7, \"type\": {\"nested\": true}}";
    Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.put("X-GitHub-Delivery", "72d3162e");
    headers.put("X-GitHub-Event", "push");
    headers.put(
        "X-Hub-Signature-256", "sha256=" + HexFormat.of().formatHex(hmac(GITHUB_SECRET, latin1)));

    Webhooks.Answer notUtf8 =
        webhooks.receive(
            "github",
            new Webhooks.Request(
                "application/json", latin1.length, headers::get, new ByteArrayInputStream(latin1)));
    Webhooks.Answer inAnArray =
        webhooks.receive("payments", stripe(array, stripeSignature(array, NOW.getEpochSecond())));
    Webhooks.Answer numberId =
        webhooks.receive("payments", stripe(scalar, stripeSignature(scalar, NOW.getEpochSecond())));

    assertEquals(Receipt.UNREADABLE, notUtf8.receipt(), notUtf8.detail());
    assertEquals(Receipt.UNREADABLE, inAnArray.receipt(), inAnArray.detail());
    assertEquals(Receipt.ACCEPTED, numberId.receipt(), "a number is an id: " + numberId.detail());
    assertEquals("payments:7", numberId.messageId());
    assertEquals(null, sent.get(0).properties().get("messageType"), "an object is no type");
  }

  @Test
  void aDeliveryIdTooLongToKeyIsRefused() {
    Webhooks.Request request = github(BODY, githubSignature(BODY));
    Webhooks.Request longId =
        new Webhooks.Request(
            request.contentType(),
            request.contentLength(),
            name ->
                name.equalsIgnoreCase("X-GitHub-Delivery")
                    ? "d".repeat(400)
                    : request.headers().apply(name),
            request.body());

    Webhooks.Answer answer = webhooks.receive("github", longId);

    assertEquals(Receipt.UNREADABLE, answer.receipt());
    assertTrue(answer.detail().contains("400 characters long"), answer.detail());
    assertEquals(List.of(), sent);
  }

  @Test
  void aDeliveryTheQueueDoesNotTakeIsAnsweredAsUnavailable() {
    brokerDown = true;

    Webhooks.Answer answer = webhooks.receive("github", github(BODY, githubSignature(BODY)));

    assertEquals(Receipt.UNAVAILABLE, answer.receipt());
    assertEquals(List.of(new WebhookReceived("github", Receipt.UNAVAILABLE)), received);
  }

  private static Webhooks.Request github(String body, String signature) {
    Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.put("X-GitHub-Delivery", "72d3162e");
    headers.put("X-GitHub-Event", "push");
    if (signature != null) {
      headers.put("x-hub-signature-256", signature);
    }
    return request("application/json", headers, body);
  }

  private static Webhooks.Request stripe(String body, String signature) {
    Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.put("Stripe-Signature", signature);
    return request("application/json; charset=utf-8", headers, body);
  }

  private static Webhooks.Request request(
      String contentType, Map<String, String> headers, String body) {
    return new Webhooks.Request(
        contentType, body.getBytes(StandardCharsets.UTF_8).length, headers::get, stream(body));
  }

  private static ByteArrayInputStream stream(String body) {
    return new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8));
  }

  /** As GitHub documents it: HMAC-SHA256 of the body, hex, after sha256=. */
  private static String githubSignature(String body) {
    return "sha256=" + HexFormat.of().formatHex(hmac(GITHUB_SECRET, body));
  }

  /** As Stripe documents it: HMAC-SHA256 of "t.body", hex, as v1. */
  private static String stripeSignature(String body, long t) {
    return "t=" + t + ",v1=" + HexFormat.of().formatHex(hmac(STRIPE_SECRET, t + "." + body));
  }

  private static byte[] hmac(String secret, String data) {
    return hmac(secret, data.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] hmac(String secret, byte[] data) {
    try {
      javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
      mac.init(
          new javax.crypto.spec.SecretKeySpec(
              secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return mac.doFinal(data);
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  static WebhookSources sources(Map<String, String> settings) {
    String names =
        settings.keySet().stream()
            .map(key -> key.split("\\.")[2])
            .distinct()
            .sorted()
            .reduce((a, b) -> a + "," + b)
            .orElse("");
    return new WebhookSources(
        WebhookSources.read(
            key -> Optional.ofNullable(settings.get(key)),
            names,
            "messageId",
            RESERVED,
            10_485_760));
  }

  private final class Recorder implements Event<WebhookReceived> {

    @Override
    public void fire(WebhookReceived event) {
      received.add(event);
    }

    @Override
    public <U extends WebhookReceived> CompletionStage<U> fireAsync(U event) {
      throw new UnsupportedOperationException();
    }

    @Override
    public <U extends WebhookReceived> CompletionStage<U> fireAsync(
        U event, NotificationOptions options) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Event<WebhookReceived> select(Annotation... qualifiers) {
      throw new UnsupportedOperationException();
    }

    @Override
    public <U extends WebhookReceived> Event<U> select(Class<U> subtype, Annotation... qualifiers) {
      throw new UnsupportedOperationException();
    }

    @Override
    public <U extends WebhookReceived> Event<U> select(
        TypeLiteral<U> subtype, Annotation... qualifiers) {
      throw new UnsupportedOperationException();
    }
  }
}
