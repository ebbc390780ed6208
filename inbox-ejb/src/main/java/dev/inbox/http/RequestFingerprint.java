package dev.inbox.http;

import dev.inbox.receiving.Fingerprints;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.MatrixParam;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import java.io.StringReader;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Set;

/**
 * What makes two requests the same request: the HTTP method, the path and query, and the entity the
 * resource method receives, in its canonical JSON form (so that a client that serialises the same
 * request differently sends the same request), hashed as the inbox hashes a message's body.
 */
final class RequestFingerprint {

  private static final Jsonb JSONB = JsonbBuilder.create();

  /** The parameters Jakarta REST fills from elsewhere than the entity. */
  private static final Set<Class<? extends Annotation>> NOT_THE_ENTITY =
      Set.of(
          PathParam.class,
          QueryParam.class,
          HeaderParam.class,
          MatrixParam.class,
          CookieParam.class,
          FormParam.class,
          BeanParam.class,
          Context.class);

  private RequestFingerprint() {}

  static String of(
      String httpMethod, String path, String query, Method method, Object[] arguments) {
    JsonObjectBuilder request =
        Json.createObjectBuilder()
            .add("method", httpMethod)
            .add("path", path)
            .add("query", query == null ? "" : query);
    Object entity = entity(method, arguments);
    request.add("entity", entity == null ? JsonValue.NULL : json(entity));
    return Fingerprints.of(request.build().toString());
  }

  private static Object entity(Method method, Object[] arguments) {
    Annotation[][] annotations = method.getParameterAnnotations();
    for (int i = 0; i < arguments.length; i++) {
      boolean filledElsewhere = false;
      for (Annotation annotation : annotations[i]) {
        filledElsewhere |= NOT_THE_ENTITY.contains(annotation.annotationType());
      }
      if (!filledElsewhere) {
        return arguments[i];
      }
    }
    return null;
  }

  private static JsonValue json(Object entity) {
    String text = entity instanceof String string ? string : JSONB.toJson(entity);
    try {
      return Json.createReader(new StringReader(text)).readValue();
    } catch (RuntimeException notJson) {
      return Json.createValue(text);
    }
  }
}
