package dev.inbox.spi;

import jakarta.enterprise.util.Nonbinding;
import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a Jakarta REST resource method idempotent by the client's {@code Idempotency-Key} header:
 * the first request with a key runs the method, and its response is stored in the transaction of
 * the method's own writes; a repeat with the same request gets the stored response (with the header
 * {@code Idempotent-Replayed: true}) without running the method again; the same key with another
 * request is refused (422), and a repeat while the first still runs gets 409 with {@code
 * Retry-After}. A request that failed (the method threw, and its transaction rolled back) may be
 * retried with the same key.
 *
 * <pre>
 * &#64;POST
 * &#64;Path("orders")
 * &#64;Transactional
 * &#64;Idempotent(operation = "create-order")
 * public Response create(Order order) { ... }
 * </pre>
 *
 * <p>Keys are scoped by operation and by tenant ({@code inbox.idempotency.tenant}), and kept for
 * {@code inbox.idempotency.retention}; a retry after that runs the method again. The response's
 * entity must be text or an object JSON-B writes; it is replayed with the status, the headers that
 * say what was created ({@code Location}, {@code Content-Type}, {@code ETag}, ...) and the media
 * type the method produced. Called outside an HTTP request, the method runs as it is.
 */
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
// TYPE only for the interceptor's own declaration: on a resource class it marks no method.
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Idempotent {

  /** The operation's name: a key is one request per tenant and operation. */
  @Nonbinding
  String operation() default "";

  /** What a request without a key gets. */
  @Nonbinding
  KeyPolicy key() default KeyPolicy.REQUIRED;

  /** What a request without an {@code Idempotency-Key} gets. */
  enum KeyPolicy {
    /** 400, with a problem response that says to send one. */
    REQUIRED,
    /** The method runs, as it would without the annotation. */
    OPTIONAL
  }
}
