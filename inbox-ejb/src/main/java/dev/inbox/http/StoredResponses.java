package dev.inbox.http;

import dev.inbox.store.IdempotentRequests.Stored;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.StringReader;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A resource method's response as stored, and the stored response as replayed: the status, the
 * headers that say what was created or how to read it, and the body as text (an entity object as
 * JSON, as Jakarta REST writes it by default).
 */
final class StoredResponses {

  /** The header a replayed response carries. */
  static final String REPLAYED = "Idempotent-Replayed";

  private static final Jsonb JSONB = JsonbBuilder.create();

  /** The headers kept, lower-case: where the result is, what it is, its version. */
  private static final Set<String> KEPT =
      Set.of("location", "content-location", "content-type", "etag", "last-modified", "link");

  private StoredResponses() {}

  static Stored of(Object result) {
    if (!(result instanceof Response response)) {
      return result == null
          ? new Stored(204, "{}", null)
          : new Stored(
              200,
              headers(Map.of(HttpHeaders.CONTENT_TYPE, List.of(MediaType.APPLICATION_JSON))),
              JSONB.toJson(result));
    }
    Object entity = response.getEntity();
    String body =
        entity == null ? null : entity instanceof String text ? text : JSONB.toJson(entity);
    Map<String, List<String>> headers = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    response.getStringHeaders().forEach(headers::put);
    if (entity != null && !headers.containsKey(HttpHeaders.CONTENT_TYPE)) {
      headers.put(HttpHeaders.CONTENT_TYPE, List.of(MediaType.APPLICATION_JSON));
    }
    return new Stored(response.getStatus(), headers(headers), body);
  }

  static Response replay(Stored stored) {
    Response.ResponseBuilder response = Response.status(stored.status()).entity(stored.body());
    JsonObject headers = Json.createReader(new StringReader(stored.headers())).readObject();
    headers.forEach(
        (name, values) ->
            values
                .asJsonArray()
                .forEach(value -> response.header(name, ((JsonString) value).getString())));
    return response.header(REPLAYED, "true").build();
  }

  private static String headers(Map<String, List<String>> headers) {
    JsonObjectBuilder kept = Json.createObjectBuilder();
    headers.forEach(
        (name, values) -> {
          if (KEPT.contains(name.toLowerCase(Locale.ROOT))) {
            JsonArrayBuilder array = Json.createArrayBuilder();
            values.forEach(array::add);
            kept.add(name, array);
          }
        });
    return kept.build().toString();
  }
}
