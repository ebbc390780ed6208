package dev.inbox.http;

import dev.inbox.store.IdempotentRequests;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.interceptor.InvocationContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.LocalDateTime;

/**
 * Runs an idempotent resource method and stores its response in one transaction: the method's own,
 * when it is transactional, otherwise one begun here. Whatever the method throws rolls it back, the
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
    requests.complete(key, attempt, StoredResponses.of(result), LocalDateTime.now(clock));
    return result;
  }
}
