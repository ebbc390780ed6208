package dev.inbox.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.testkit.Http;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * The console's API as a script uses it, for the tests: JSON over HTTP under one of the test users
 * of the cell (it-reader, it-operator, it-payload-reader, it-outsider), who share a password.
 */
public final class ConsoleClient {

  private static final String API = "/inbox/console/api/";

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  private final String appUrl;
  private final String password;

  /**
   * @param appUrl where the server serves its web modules ({@code http://127.0.0.1:8080})
   * @param password the test users' password
   */
  public ConsoleClient(String appUrl, String password) {
    this.appUrl = appUrl;
    this.password = password;
  }

  /** The console of the server under test, as the deployment's settings name it. */
  public static ConsoleClient ofServer() {
    Settings settings = Settings.ofServer();
    return new ConsoleClient(settings.appUrl(), settings.consolePassword());
  }

  /** The test users' password. */
  public String password() {
    return password;
  }

  /** The address of a path of the API. */
  public String url(String path) {
    return appUrl + API + path;
  }

  /** A GET as the user (none: without a login). */
  public Http.Response get(String user, String path) {
    return Http.get(url(path), user, password);
  }

  /** A JSON object the API answered with a 200. */
  public JsonObject read(String user, String path) {
    return parse(user, path).asJsonObject();
  }

  /** A JSON array the API answered with a 200. */
  public JsonArray readArray(String user, String path) {
    return parse(user, path).asJsonArray();
  }

  /**
   * A POST of a JSON body as the user (empty: without a login).
   *
   * @param origin the request's {@code Origin}, or null for none
   */
  public HttpResponse<String> post(String user, String path, String body, String origin) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url(path)))
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (!user.isEmpty()) {
      String login = user + ":" + password;
      request.header(
          "Authorization",
          "Basic " + Base64.getEncoder().encodeToString(login.getBytes(StandardCharsets.UTF_8)));
    }
    if (origin != null) {
      request.header("Origin", origin);
    }
    try {
      return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** An action's body, with a reason for the audit. */
  public static String action(String id, String kind, String selection, String reason) {
    return "{\"id\": \"%s\", \"action\": \"%s\", %s, \"reason\": \"%s\"}"
        .formatted(id, kind, selection, reason);
  }

  /** A value for a query parameter or a path segment. */
  public static String encoded(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  public static JsonObject json(String text) {
    try (JsonReader reader = Json.createReader(new StringReader(text))) {
      return reader.readObject();
    }
  }

  private JsonValue parse(String user, String path) {
    Http.Response response = get(user, path);
    assertEquals(200, response.status(), path + ": " + response.body());
    try (JsonReader reader = Json.createReader(new StringReader(response.body()))) {
      return reader.readValue();
    }
  }
}
