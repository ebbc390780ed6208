package dev.inbox.http;

import dev.inbox.spi.Idempotent;
import dev.inbox.store.IdempotentRequests;
import dev.inbox.store.IdempotentRequests.Key;
import jakarta.interceptor.InvocationContext;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Method;

/**
 * What an idempotent request is keyed by, read from it before any row is touched: its key (the
 * tenant, the operation and the client's key) and its fingerprint; no key, where the method allows
 * that; or why it cannot be keyed, which the client is answered with a 400.
 */
sealed interface RequestKey {

  /** The longest key, tenant and operation taken, as the columns hold them. */
  int MAX_KEY_LENGTH = IdempotentRequests.MAX_KEY;

  int MAX_TENANT_LENGTH = IdempotentRequests.MAX_TENANT;

  int MAX_OPERATION_LENGTH = IdempotentRequests.MAX_OPERATION;

  /** A request to run once per key, and what makes a repeat the same request. */
  record Keyed(Key id, String fingerprint) implements RequestKey {}

  /** No key where the method allows it: it runs as without the annotation. */
  record WithoutKey() implements RequestKey {}

  /** No key where one is required, or a key or tenant that cannot be used. */
  record Refused(String type, String title, String detail) implements RequestKey {}

  /**
   * @param operation the operation's name, as {@link IdempotentOperations#operationOf} gives it
   * @param httpMethod the request's HTTP method
   * @throws IllegalStateException when the declared operation is longer than the column holds
   */
  static RequestKey read(
      Idempotent declared,
      String operation,
      String httpMethod,
      InvocationContext invocation,
      HttpServletRequest request,
      IdempotencyPolicy policy) {
    Method method = invocation.getMethod();
    if (operation.length() > MAX_OPERATION_LENGTH) {
      throw new IllegalStateException(
          "@Idempotent(operation) of %s is %d characters long; the inbox keeps up to %d"
              .formatted(method, operation.length(), MAX_OPERATION_LENGTH));
    }
    String key = request.getHeader(IdempotencyInterceptor.KEY_HEADER);
    if (key == null || key.isBlank()) {
      if (declared.key() == Idempotent.KeyPolicy.OPTIONAL) {
        return new WithoutKey();
      }
      return new Refused(
          "missing-key",
          "No Idempotency-Key",
          ("this operation (%s) needs an Idempotency-Key header: send a new unique value (a UUID)"
                  + " with each request, and the same value when you retry it")
              .formatted(operation));
    }
    key = key.strip();
    if (key.length() > MAX_KEY_LENGTH || !key.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
      return new Refused(
          "invalid-key",
          "Unusable Idempotency-Key",
          "the Idempotency-Key must be 1 to %d visible ASCII characters, such as a UUID"
              .formatted(MAX_KEY_LENGTH));
    }
    String tenant = policy.tenantOf(request);
    if (tenant == null || tenant.length() > MAX_TENANT_LENGTH) {
      return new Refused(
          "missing-tenant",
          "No tenant",
          "keys are scoped by tenant (inbox.idempotency.tenant is %s), and this request has %s"
              .formatted(
                  policy.tenantSetting(),
                  tenant == null
                      ? "none"
                      : "one longer than " + MAX_TENANT_LENGTH + " characters"));
    }
    String fingerprint;
    try {
      fingerprint =
          RequestFingerprint.of(
              httpMethod,
              request.getRequestURI(),
              request.getQueryString(),
              method,
              invocation.getParameters());
    } catch (RuntimeException unreadable) {
      return new Refused(
          "unreadable",
          "The request cannot be read",
          "the request's entity cannot be compared with another: " + unreadable.getMessage());
    }
    return new Keyed(new Key(tenant, operation, key), fingerprint);
  }
}
