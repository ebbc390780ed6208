package dev.inbox.http;

import static dev.inbox.testkit.Eventually.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.it.Deployments;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Settings;
import dev.inbox.it.handlers.OrderBook;
import dev.inbox.it.handlers.Rows;
import dev.inbox.it.orders.Orders;
import dev.inbox.it.orders.Orders.Behaviour;
import dev.inbox.it.partner.Partner;
import dev.inbox.testkit.Scrape;
import dev.inbox.testkit.TestMessage;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;

/**
 * A team's idempotent command ({@code @Idempotent} on a transactional resource method) over real
 * HTTP: a client that retries after a lost answer, sends one request twice at once, reuses a key
 * for another request, retries after a failure that left an external effect behind, or retries
 * after the stored response expired; the resource's write and its stored response commit together.
 */
@InboxTest
class IdempotencyIT {

  private static final String TENANT = "acme";

  @Deployment
  static EnterpriseArchive deployment() {
    return Deployments.inbox(
        IdempotencyIT.class,
        Map.of(
            "inbox.idempotency.tenant", "header:X-Tenant",
            "inbox.idempotency.retention", "PT8S",
            "inbox.idempotency.retry-horizon", "PT8S",
            "inbox.retention.sweep-interval", "PT1S"),
        Orders.class.getPackage(),
        Partner.class.getPackage());
  }

  @Inject private Rows rows;
  @Inject private Orders orders;
  @Inject private Partner partner;

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  @Test
  void aReplayIsTheFirstResponseAndTheResourceRunsOnce() {
    String run = TestMessage.newRun();
    String key = UUID.randomUUID().toString();
    Scrape before = Settings.ofServer().scrape();

    HttpResponse<String> first = create(TENANT, key, order(run, 10));
    HttpResponse<String> replay = create(TENANT, key, order(run, 10));

    assertEquals(201, first.statusCode(), first.body());
    assertEquals(Optional.empty(), first.headers().firstValue("Idempotent-Replayed"));
    assertEquals(201, replay.statusCode(), replay.body());
    assertEquals(Optional.of("true"), replay.headers().firstValue("Idempotent-Replayed"));
    assertEquals(location(first), location(replay), "Location");
    assertEquals(json(first.body()), json(replay.body()), "body");
    assertEquals(contentType(first), contentType(replay), "Content-Type");
    assertEquals(1, rows.effects(OrderBook.CONSUMER, run), "orders");
    assertEquals(Optional.of("COMPLETED"), rows.idempotentRequest(Orders.OPERATION, key));
    assertEquals(1, delta(before, "executed"));
    assertEquals(1, delta(before, "replayed"));
  }

  @Test
  void anAnswerLostAfterTheCommitIsReplayedToTheRetry() {
    String run = TestMessage.newRun();
    String key = UUID.randomUUID().toString();
    orders.script(run, Behaviour.ANSWER_LATE);

    UncheckedIOException lost =
        assertThrows(
            UncheckedIOException.class,
            () -> send(create(TENANT, key, order(run, 10), Duration.ofSeconds(1))));
    assertTrue(lost.getCause() instanceof HttpTimeoutException, "the client gave up: " + lost);
    HttpResponse<String> retry =
        eventually("the retry answered from the stored response")
            .until(() -> create(TENANT, key, order(run, 10)), answer -> answer.statusCode() != 409);

    assertEquals(201, retry.statusCode(), retry.body());
    assertEquals(Optional.of("true"), retry.headers().firstValue("Idempotent-Replayed"));
    assertEquals(run, json(retry.body()).getString("reference"));
    assertEquals(1, rows.effects(OrderBook.CONSUMER, run), "orders");
  }

  @Test
  void identicalRequestsAtOnceRunTheResourceOnce() {
    String run = TestMessage.newRun();
    String key = UUID.randomUUID().toString();
    List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();

    for (int i = 0; i < 8; i++) {
      sent.add(
          http.sendAsync(
              create(TENANT, key, order(run, 10), Duration.ofSeconds(30)),
              HttpResponse.BodyHandlers.ofString()));
    }

    int executed = 0;
    for (CompletableFuture<HttpResponse<String>> answer : sent) {
      HttpResponse<String> response = answer.join();
      assertTrue(
          response.statusCode() == 201 || response.statusCode() == 409,
          () -> response.statusCode() + " " + response.body());
      if (response.statusCode() == 409) {
        assertEquals(Optional.of("1"), response.headers().firstValue("Retry-After"));
      } else if (response.headers().firstValue("Idempotent-Replayed").isEmpty()) {
        executed++;
      }
    }
    assertEquals(1, executed, "answers from a run of the resource");
    assertEquals(1, rows.effects(OrderBook.CONSUMER, run), "orders");
    assertEquals(201, create(TENANT, key, order(run, 10)).statusCode(), "a later retry");
  }

  @Test
  void aKeyReusedForAnotherRequestIsRefusedButAnotherTenantsIsItsOwn() {
    String run = TestMessage.newRun();
    String key = UUID.randomUUID().toString();
    Scrape before = Settings.ofServer().scrape();

    HttpResponse<String> first = create(TENANT, key, order(run, 10));
    HttpResponse<String> other = create(TENANT, key, order(run, 99));
    HttpResponse<String> otherTenant = create("globex", key, order(run, 99));

    assertEquals(201, first.statusCode(), first.body());
    assertEquals(422, other.statusCode(), other.body());
    assertEquals("application/problem+json", contentType(other));
    assertEquals("urn:inbox:idempotency:mismatch", json(other.body()).getString("type"));
    assertTrue(json(other.body()).getString("detail").contains(key), other.body());
    assertEquals(201, otherTenant.statusCode(), otherTenant.body());
    assertEquals(2, rows.effects(OrderBook.CONSUMER, run), "orders: one per tenant");
    assertEquals(1, delta(before, "mismatch"));
  }

  @Test
  void aRequestThatFailedAfterAnExternalEffectIsRetriedWithItsKeyAndTheEffectHappensOnce() {
    String run = TestMessage.newRun();
    String key = UUID.randomUUID().toString();
    orders.script(run, Behaviour.CHARGE_THEN_FAIL, Behaviour.CHARGE);

    HttpResponse<String> failed = create(TENANT, key, order(run, 10));
    Optional<String> afterFailure = rows.idempotentRequest(Orders.OPERATION, key);
    HttpResponse<String> retry = create(TENANT, key, order(run, 10));

    assertEquals(503, failed.statusCode(), failed.body());
    assertEquals(Optional.of("FAILED"), afterFailure, "the key, free again");
    assertEquals(201, retry.statusCode(), retry.body());
    assertEquals(Optional.empty(), retry.headers().firstValue("Idempotent-Replayed"));
    assertEquals(1, partner.charged("order-" + key), "charges: the retry's found the first's");
    assertEquals(1, rows.effects(OrderBook.CONSUMER, run), "orders: the failed one rolled back");
  }

  @Test
  void aRetryAfterTheStoredResponseExpiredRunsAgainAsDocumented() {
    String run = TestMessage.newRun();
    String key = UUID.randomUUID().toString();

    assertEquals(201, create(TENANT, key, order(run, 10)).statusCode());
    eventually("retention deleted the expired request")
        .until(() -> rows.idempotentRequest(Orders.OPERATION, key).isEmpty());
    HttpResponse<String> late = create(TENANT, key, order(run, 10));

    assertEquals(201, late.statusCode(), late.body());
    assertEquals(Optional.empty(), late.headers().firstValue("Idempotent-Replayed"));
    assertEquals(2, rows.effects(OrderBook.CONSUMER, run), "orders: the late retry ran again");
  }

  @Test
  void aRequestWithoutAKeyIsRefusedWhereOneIsRequiredAndRunsWhereItIsOptional() {
    String run = TestMessage.newRun();

    HttpResponse<String> refused = send(post("orders", TENANT, null, order(run, 10), null));
    HttpResponse<String> note = send(post("orders/notes", TENANT, null, order(run, 1), null));

    assertEquals(400, refused.statusCode(), refused.body());
    assertEquals("urn:inbox:idempotency:missing-key", json(refused.body()).getString("type"));
    assertEquals(204, note.statusCode(), note.body());
    assertEquals(1, rows.effects(OrderBook.CONSUMER, run), "the note only");
  }

  @Test
  void aMethodThatReturnsItsEntityIsReplayedAndRefusedAlike() {
    String run = TestMessage.newRun();
    String key = UUID.randomUUID().toString();

    HttpResponse<String> first = send(post("orders/quotes", TENANT, key, order(run, 10), null));
    HttpResponse<String> replay = send(post("orders/quotes", TENANT, key, order(run, 10), null));
    HttpResponse<String> other = send(post("orders/quotes", TENANT, key, order(run, 11), null));

    assertEquals(200, first.statusCode(), first.body());
    assertEquals(200, replay.statusCode(), replay.body());
    assertEquals(Optional.of("true"), replay.headers().firstValue("Idempotent-Replayed"));
    assertEquals(json(first.body()), json(replay.body()), "body");
    assertEquals("application/json", contentType(replay));
    assertEquals(422, other.statusCode(), other.body());
    assertEquals("urn:inbox:idempotency:mismatch", json(other.body()).getString("type"));
    assertEquals(1, rows.effects(OrderBook.CONSUMER, run), "quotes");
  }

  private static String order(String reference, int amount) {
    return "{\"reference\": \"%s\", \"amount\": %d}".formatted(reference, amount);
  }

  private HttpResponse<String> create(String tenant, String key, String body) {
    return send(create(tenant, key, body, Duration.ofSeconds(30)));
  }

  private static HttpRequest create(String tenant, String key, String body, Duration timeout) {
    return post("orders", tenant, key, body, timeout);
  }

  private static HttpRequest post(
      String path, String tenant, String key, String body, Duration timeout) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(Settings.ofServer().appUrl() + "/inbox-it/shop/" + path))
            .timeout(timeout == null ? Duration.ofSeconds(30) : timeout)
            .header("Content-Type", "application/json")
            .header("X-Tenant", tenant)
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (key != null) {
      request.header("Idempotency-Key", key);
    }
    return request.build();
  }

  private HttpResponse<String> send(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static Optional<String> location(HttpResponse<String> response) {
    return response.headers().firstValue("Location");
  }

  private static String contentType(HttpResponse<String> response) {
    return response.headers().firstValue("Content-Type").orElse("").split(";")[0].strip();
  }

  private static JsonObject json(String body) {
    return Json.createReader(new StringReader(body)).readObject();
  }

  private static double delta(Scrape before, String outcome) {
    Map<String, String> labels = Map.of("operation", Orders.OPERATION, "outcome", outcome);
    return Settings.ofServer().scrape().value("inbox_idempotent_requests_total", labels)
        - before.value("inbox_idempotent_requests_total", labels);
  }
}
