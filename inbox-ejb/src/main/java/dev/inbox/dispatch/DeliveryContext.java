package dev.inbox.dispatch;

import dev.inbox.spi.InboxContext;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;

/** The {@link InboxContext} of one delivery to one consumer. */
final class DeliveryContext implements InboxContext {

  private static final Logger LOG = Logger.getLogger(DeliveryContext.class.getName());

  private final String consumerName;
  private final String messageId;
  private final int deliveryCount;
  private final AtomicInteger uncertainEffects = new AtomicInteger();

  DeliveryContext(String consumerName, String messageId, int deliveryCount) {
    this.consumerName = consumerName;
    this.messageId = messageId;
    this.deliveryCount = deliveryCount;
  }

  @Override
  public String consumerName() {
    return consumerName;
  }

  @Override
  public int deliveryCount() {
    return deliveryCount;
  }

  /** A name-based UUID of consumer and message id: the same on every delivery, 36 characters. */
  @Override
  public String idempotencyKey() {
    return UUID.nameUUIDFromBytes(
            (consumerName + '\n' + messageId).getBytes(StandardCharsets.UTF_8))
        .toString();
  }

  @Override
  public void reportUncertainEffect(String description) {
    uncertainEffects.incrementAndGet();
    LOG.warning(
        () ->
            "Uncertain external effect: consumer=%s messageId=%s idempotencyKey=%s delivery=%d: %s"
                .formatted(consumerName, messageId, idempotencyKey(), deliveryCount, description));
  }

  int uncertainEffects() {
    return uncertainEffects.get();
  }
}
