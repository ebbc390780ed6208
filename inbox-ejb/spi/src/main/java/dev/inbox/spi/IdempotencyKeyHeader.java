package dev.inbox.spi;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import java.util.Objects;

/**
 * Sends a delivery's idempotency key with a Jakarta REST client's requests, in the {@value #NAME}
 * header, unless the request sets one itself: register it on the client or the target of one
 * delivery, or on a MicroProfile REST Client built for it.
 *
 * <pre>{@code
 * client.target(payments).register(new IdempotencyKeyHeader(context)).request().post(charge);
 * }</pre>
 */
public final class IdempotencyKeyHeader implements ClientRequestFilter {

  /** The header, as the IETF draft "The Idempotency-Key HTTP Header Field" names it. */
  public static final String NAME = "Idempotency-Key";

  private final String key;

  /** The delivery's own key, {@link InboxContext#idempotencyKey()}. */
  public IdempotencyKeyHeader(InboxContext context) {
    this(context.idempotencyKey());
  }

  /** A key of the handler's choice, for example {@link InboxContext#idempotencyKey(String)}. */
  public IdempotencyKeyHeader(String key) {
    this.key = Objects.requireNonNull(key, "key");
  }

  @Override
  public void filter(ClientRequestContext request) {
    if (!request.getHeaders().containsKey(NAME)) {
      request.getHeaders().putSingle(NAME, key);
    }
  }
}
