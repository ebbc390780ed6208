package dev.inbox.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import java.lang.reflect.Method;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestFingerprintTest {

  /** A resource method's shape: a path parameter, a header, and the entity. */
  @SuppressWarnings("unused")
  private void create(
      @PathParam("shop") String shop, @HeaderParam("X-Trace") String trace, Object order) {}

  private static final Method CREATE = method();

  @Test
  void theSameRequestSerialisedOtherwiseIsTheSameRequest() {
    String a = of("POST", "/shop/orders", null, "{\"amount\": 10, \"reference\": \"r-1\"}");
    String b = of("POST", "/shop/orders", "", "{\"reference\":\"r-1\",\"amount\":10}");
    String asObject = of("POST", "/shop/orders", null, Map.of("reference", "r-1", "amount", 10));

    assertEquals(a, b);
    assertEquals(a, asObject, "an entity object, as JSON-B writes it");
  }

  @Test
  void anotherEntityPathQueryOrMethodIsAnotherRequest() {
    String order = "{\"amount\": 10, \"reference\": \"r-1\"}";
    String first = of("POST", "/shop/orders", null, order);

    assertNotEquals(
        first, of("POST", "/shop/orders", null, "{\"amount\": 99, \"reference\": \"r-1\"}"));
    assertNotEquals(first, of("POST", "/shop/refunds", null, order));
    assertNotEquals(first, of("POST", "/shop/orders", "express=true", order));
    assertNotEquals(first, of("PUT", "/shop/orders", null, order));
  }

  @Test
  void headersAreNotPartOfTheRequestButItsParametersAre() {
    String order = "{\"amount\": 10}";
    String first =
        RequestFingerprint.of("POST", "/o", null, CREATE, new Object[] {"a", "t-1", order});

    assertEquals(
        first,
        RequestFingerprint.of("POST", "/o", null, CREATE, new Object[] {"a", "t-2", order}),
        "another header");
    assertNotEquals(
        first,
        RequestFingerprint.of("POST", "/o", null, CREATE, new Object[] {"b", "t-1", order}),
        "another path parameter");
  }

  @Test
  void theQuerysParametersInAnotherOrderAreTheSameRequest() {
    String order = "{\"amount\": 10}";

    assertEquals(
        of("POST", "/shop/orders", "express=true&gift=false", order),
        of("POST", "/shop/orders", "gift=false&express=true", order));
  }

  private static String of(String httpMethod, String path, String query, Object entity) {
    return RequestFingerprint.of(
        httpMethod, path, query, CREATE, new Object[] {"shop", "trace", entity});
  }

  private static Method method() {
    try {
      return RequestFingerprintTest.class.getDeclaredMethod(
          "create", String.class, String.class, Object.class);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
  }
}
