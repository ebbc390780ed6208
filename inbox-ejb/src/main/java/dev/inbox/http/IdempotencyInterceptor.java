package dev.inbox.http;

import dev.inbox.http.IdempotentRequestEnded.Outcome;
import dev.inbox.spi.IdempotencyKeyHeader;
import dev.inbox.spi.Idempotent;
import dev.inbox.store.IdempotentRequests;
import dev.inbox.store.IdempotentRequests.Held;
import dev.inbox.store.IdempotentRequests.Key;
import dev.inbox.store.IdempotentRequests.State;
import dev.inbox.store.LeaseLost;
import jakarta.annotation.Priority;
import jakarta.ejb.EJBException;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.lang.reflect.Method;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Makes an {@link Idempotent} resource method run once per client key. The key is claimed in a
 * transaction of its own (the primary key decides between two requests with one key); the method
 * then runs, and its response is stored, in one transaction ({@link IdempotentCalls}). A repeat
 * with the same request gets the stored response; with another request, 422; while the first runs,
 * 409 with {@code Retry-After}.
 *
 * <p>It runs before the platform's {@code @Transactional} interceptor: the transaction it begins
 * for the method and the stored response is the one a {@code @Transactional} method joins, so the
 * method's writes and the stored response commit together, and a commit that fails frees the key.
 * Outside an HTTP request (a method called by other code) it lets the method run as it is.
 */
@Idempotent
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 100)
public class IdempotencyInterceptor {

  private static final Logger LOG = Logger.getLogger(IdempotencyInterceptor.class.getName());

  /** The header a client sends its key in. */
  public static final String KEY_HEADER = IdempotencyKeyHeader.NAME;

  /** How often a claim is tried when it keeps losing races, before it answers as in progress. */
  private static final int CLAIMS = 3;

  @Inject private HttpServletRequest request;
  @Inject private IdempotencyPolicy policy;
  @Inject private IdempotentRequests requests;
  @Inject private IdempotentCalls calls;
  @Inject private Event<IdempotentRequestEnded> ended;
  @Inject private Clock clock;

  @AroundInvoke
  Object around(InvocationContext invocation) throws Exception {
    Method method = invocation.getMethod();
    Idempotent declared = method.getAnnotation(Idempotent.class);
    String httpMethod = declared == null ? null : httpMethod();
    if (httpMethod == null) {
      return invocation.proceed();
    }
    String operation = IdempotentOperations.operationOf(declared, method);
    RequestKey key = RequestKey.read(declared, operation, httpMethod, invocation, request, policy);
    if (key instanceof RequestKey.Refused refused) {
      end(operation, Outcome.REFUSED);
      return answer(
          method,
          Problems.of(400, "idempotency", refused.type(), refused.title(), refused.detail())
              .build());
    }
    if (key instanceof RequestKey.Keyed keyed) {
      return run(invocation, keyed.id(), keyed.fingerprint());
    }
    end(operation, Outcome.WITHOUT_KEY);
    return invocation.proceed();
  }

  /** The request's HTTP method, or null outside an HTTP request. */
  private String httpMethod() {
    try {
      return request.getMethod();
    } catch (RuntimeException noRequest) {
      return null;
    }
  }

  private Object run(InvocationContext invocation, Key id, String fingerprint) throws Exception {
    for (int claim = 1; claim <= CLAIMS; claim++) {
      LocalDateTime now = LocalDateTime.now(clock);
      LocalDateTime expires = now.plus(policy.retention());
      Optional<Held> found = requests.find(id);
      Optional<Integer> attempt;
      if (found.isEmpty()) {
        attempt = insert(id, fingerprint, now, expires);
      } else {
        Held held = found.get();
        boolean expired = held.expiresAt().isBefore(now);
        if (!expired && !held.fingerprint().equals(fingerprint)) {
          end(id.operation(), Outcome.MISMATCH);
          return answer(
              invocation.getMethod(),
              Problems.of(
                      422,
                      "idempotency",
                      "mismatch",
                      "Idempotency-Key reused",
                      "the key %s was used for another request to %s: send a new key for a new request"
                          .formatted(id.key(), id.operation()))
                  .build());
        }
        if (!expired && held.state() == State.COMPLETED) {
          end(id.operation(), Outcome.REPLAYED);
          return answer(invocation.getMethod(), StoredResponses.replay(held.response()));
        }
        if (!expired
            && held.state() == State.PENDING
            && held.startedAt().plus(policy.lease()).isAfter(now)) {
          return answer(invocation.getMethod(), inProgress(id));
        }
        attempt = retake(id, held.attempt(), fingerprint, now, expires);
      }
      if (attempt.isPresent()) {
        return execute(invocation, id, attempt.get());
      }
    }
    return answer(invocation.getMethod(), inProgress(id));
  }

  /** A claim of a key whose row is free again, or empty when another request took it first. */
  private Optional<Integer> retake(
      Key id, int attempt, String fingerprint, LocalDateTime now, LocalDateTime expires) {
    try {
      return requests.retake(id, attempt, fingerprint, now, expires);
    } catch (EJBException e) {
      if (IdempotentRequests.isRaced(e)) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /** The first claim of a key, or empty when another request inserted it first. */
  private Optional<Integer> insert(
      Key id, String fingerprint, LocalDateTime now, LocalDateTime expires) {
    try {
      requests.insert(id, fingerprint, now, expires);
      return Optional.of(1);
    } catch (EJBException e) {
      if (IdempotentRequests.isRaced(e)) {
        return Optional.empty();
      }
      throw e;
    }
  }

  private Object execute(InvocationContext invocation, Key id, int attempt) throws Exception {
    Object result;
    try {
      result = calls.run(invocation, id, attempt);
    } catch (LeaseLost lost) {
      LOG.log(Level.WARNING, lost.getMessage());
      return answer(invocation.getMethod(), inProgress(id));
    } catch (Exception e) {
      try {
        requests.fail(id, attempt, LocalDateTime.now(clock));
      } catch (RuntimeException notMarked) {
        // The lease frees the key then.
        LOG.log(Level.WARNING, notMarked, () -> "Could not mark the failed request " + id);
      }
      end(id.operation(), Outcome.FAILED);
      throw e;
    }
    end(id.operation(), Outcome.EXECUTED);
    return result;
  }

  private Response inProgress(Key id) {
    end(id.operation(), Outcome.IN_PROGRESS);
    return Problems.of(
            409,
            "idempotency",
            "in-progress",
            "Request in progress",
            "a request with the key %s to %s is still running: retry after a moment"
                .formatted(id.key(), id.operation()))
        .header(HttpHeaders.RETRY_AFTER, 1)
        .build();
  }

  /**
   * The answer, as the method returns it: a method declared to return a {@link Response} returns
   * it; any other is answered through a {@link WebApplicationException} that carries it.
   */
  private static Object answer(Method method, Response response) {
    if (Response.class.isAssignableFrom(method.getReturnType())) {
      return response;
    }
    throw new WebApplicationException(response);
  }

  private void end(String operation, Outcome outcome) {
    ended.fire(new IdempotentRequestEnded(operation, outcome));
  }
}
