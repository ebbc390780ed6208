package dev.inbox.http;

import dev.inbox.receiving.Fingerprints;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import java.io.StringReader;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Set;

/**
 * What makes two requests the same request: the HTTP method, the path, the query's parameters in
 * any order, and what the resource method receives from them and the body (its entity, form and
 * bean parameters), in canonical JSON form, so that a client that serialises the same request
 * differently sends the same request; hashed as the inbox hashes a message's body. Headers, cookies
 * and injected context are not part of the request.
 */
final class RequestFingerprint {

  /** The parameters that are not the request's: headers, cookies, injected context. */
  private static final Set<Class<? extends Annotation>> NOT_THE_REQUEST =
      Set.of(HeaderParam.class, CookieParam.class, Context.class, Suspended.class);

  private RequestFingerprint() {}

  static String of(
      String httpMethod, String path, String query, Method method, Object[] arguments) {
    JsonObjectBuilder request =
        Json.createObjectBuilder()
            .add("method", httpMethod)
            .add("path", path)
            .add("query", sorted(query));
    JsonArrayBuilder received = Json.createArrayBuilder();
    Annotation[][] annotations = method.getParameterAnnotations();
    for (int i = 0; i < arguments.length; i++) {
      boolean notTheRequest = false;
      for (Annotation annotation : annotations[i]) {
        notTheRequest |= NOT_THE_REQUEST.contains(annotation.annotationType());
      }
      if (!notTheRequest) {
        received.add(arguments[i] == null ? JsonValue.NULL : json(arguments[i]));
      }
    }
    request.add("received", received);
    return Fingerprints.of(request.build().toString());
  }

  /** The query's parameters in order, so that their order does not make another request. */
  private static String sorted(String query) {
    if (query == null || query.isEmpty()) {
      return "";
    }
    String[] parameters = query.split("&");
    Arrays.sort(parameters);
    return String.join("&", parameters);
  }

  private static JsonValue json(Object entity) {
    if (entity instanceof Number || entity instanceof Boolean) {
      return Json.createValue(entity.toString());
    }
    String text = entity instanceof String string ? string : StoredResponses.JSONB.toJson(entity);
    try {
      return Json.createReader(new StringReader(text)).readValue();
    } catch (RuntimeException notJson) {
      return Json.createValue(text);
    }
  }
}
