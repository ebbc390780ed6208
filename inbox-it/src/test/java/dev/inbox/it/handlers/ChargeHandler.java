package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.IdempotencyKeyHeader;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import dev.inbox.spi.UncertainEffect;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.client.WebTarget;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.TimeUnit;

/**
 * Charges a partner over HTTP, as a handler should when the call is outside the transaction: with
 * the delivery's idempotency key, reporting a call whose answer it did not get as uncertain, and,
 * on a later delivery, asking the partner about each uncertain charge before charging again.
 */
@ApplicationScoped
@InboxConsumer(name = ChargeHandler.CONSUMER, types = ChargeHandler.TYPE)
public class ChargeHandler implements InboxHandler {

  public static final String CONSUMER = "it-charge";
  public static final String TYPE = "it.charge";
  public static final String TARGET = "POST partner/charges";

  /**
   * Long enough for a loaded machine's partner to answer, short enough that one that keeps its
   * answer costs a test little.
   */
  private static final long ANSWER_SECONDS = 5;

  /**
   * The message's body: where the partner is, and whether to go on (commit) after an uncertain call
   * instead of failing the delivery.
   */
  public record Order(String partner, boolean goOnWhenUncertain) {}

  @Inject private Effects effects;

  private final Client client =
      ClientBuilder.newBuilder()
          .connectTimeout(ANSWER_SECONDS, TimeUnit.SECONDS)
          .readTimeout(ANSWER_SECONDS, TimeUnit.SECONDS)
          .build();

  @PreDestroy
  void close() {
    client.close();
  }

  @Override
  public void handle(Envelope message, InboxContext context) {
    Order order = message.payload().as(Order.class);
    WebTarget charges = client.target(order.partner()).path("charges");
    for (UncertainEffect earlier : context.uncertainEffects()) {
      try (Response known = charges.path(earlier.idempotencyKey()).request().get()) {
        if (known.getStatus() == 200) {
          charged(known.readEntity(String.class), message, context);
          return;
        }
      }
    }
    String detail;
    try (Response answer =
        charges
            .register(new IdempotencyKeyHeader(context))
            .request()
            .post(Entity.text(message.messageId()))) {
      if (answer.getStatus() == 200) {
        charged(answer.readEntity(String.class), message, context);
        return;
      }
      detail = "HTTP " + answer.getStatus();
    } catch (ProcessingException noAnswer) {
      detail = noAnswer.toString();
    }
    context.reportUncertainEffect(TARGET, context.idempotencyKey(), detail);
    if (!order.goOnWhenUncertain()) {
      throw new IllegalStateException("the partner's charge is uncertain: " + detail);
    }
    effects.apply(message, context);
  }

  private void charged(String charge, Envelope message, InboxContext context) {
    context.recordResult(charge);
    effects.apply(message, context);
  }
}
