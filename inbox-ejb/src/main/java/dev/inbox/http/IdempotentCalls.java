package dev.inbox.http;

import dev.inbox.store.IdempotentRequests;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.interceptor.InvocationContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.LocalDateTime;

/**
 * Runs an idempotent resource method and stores its response in one transaction, begun here (a
 * {@code @Transactional} method joins it) and committed before {@link #run} returns: a commit that
 * fails fails the request, and its key is free again. Whatever the method throws rolls it back, the
 * stored response with it, and reaches the caller unchanged.
 */
@ApplicationScoped
@Transactional(value = Transactional.TxType.REQUIRED, rollbackOn = Exception.class)
public class IdempotentCalls {

  @Inject private IdempotentRequests requests;

  @Inject private Clock clock;

  public Object run(InvocationContext invocation, IdempotentRequests.Key key, int attempt)
      throws Exception {
    Object result = invocation.proceed();
    requests.complete(
        key, attempt, StoredResponses.of(result, invocation.getMethod()), LocalDateTime.now(clock));
    return result;
  }
}
