package dev.inbox.http;

import dev.inbox.store.IdempotentRequests.Stored;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.StringReader;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A resource method's response as stored, and the stored response as replayed: the status, the
 * headers that say what was created or how to read it, and the body as text (an entity object as
 * JSON, as Jakarta REST writes it by default).
 */
final class StoredResponses {

  /** The header a replayed response carries. */
  static final String REPLAYED = "Idempotent-Replayed";

  /** Entities as JSON, for the stored answer and the request's fingerprint alike. */
  static final Jsonb JSONB = JsonbBuilder.create();

  /** What the column of stored headers holds. */
  private static final int MAX_HEADERS = 4000;

  /** The headers kept, lower-case: where the result is, what it is, its version. */
  private static final Set<String> KEPT =
      Set.of("location", "content-location", "content-type", "etag", "last-modified", "link");

  private StoredResponses() {}

  /**
   * @param method the resource method, whose {@code @Produces} says the media type of a response
   *     that does not
   */
  static Stored of(Object result, Method method) {
    Response response =
        result instanceof Response returned
            ? returned
            : result == null ? Response.noContent().build() : Response.ok(result).build();
    Object entity = response.getEntity();
    String body =
        entity == null ? null : entity instanceof String text ? text : JSONB.toJson(entity);
    Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    response.getStringHeaders().forEach(headers::put);
    if (entity != null && !headers.containsKey(HttpHeaders.CONTENT_TYPE)) {
      headers.put(HttpHeaders.CONTENT_TYPE, List.of(produced(method)));
    }
    String kept = kept(headers, KEPT);
    if (kept.length() > MAX_HEADERS) {
      // A column of 4000 characters: what was created and what it is, before the rest.
      kept = kept(headers, Set.of("location", "content-type"));
    }
    return new Stored(response.getStatus(), kept, body);
  }

  /** The media type the method declares it produces first, else JSON. */
  private static String produced(Method method) {
    Produces produces = method.getAnnotation(Produces.class);
    if (produces == null) {
      produces = method.getDeclaringClass().getAnnotation(Produces.class);
    }
    return produces == null || produces.value().length == 0
        ? MediaType.APPLICATION_JSON
        : produces.value()[0].split(",")[0].strip();
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

  private static String kept(Map<String, List<String>> headers, Set<String> names) {
    JsonObjectBuilder kept = Json.createObjectBuilder();
    headers.forEach(
        (name, values) -> {
          if (names.contains(name.toLowerCase(Locale.ROOT))) {
            JsonArrayBuilder array = Json.createArrayBuilder();
            values.forEach(array::add);
            kept.add(name, array);
          }
        });
    return kept.build().toString();
  }
}
