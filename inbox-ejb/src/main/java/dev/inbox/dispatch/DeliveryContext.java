package dev.inbox.dispatch;

import dev.inbox.spi.InboxContext;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.logging.Logger;

/** The {@link InboxContext} of one delivery to one consumer. */
record DeliveryContext(String consumerName, String messageId, int deliveryCount)
    implements InboxContext {

  private static final Logger LOG = Logger.getLogger(DeliveryContext.class.getName());

  /** A name-based UUID of consumer and message id: the same on every delivery, 36 characters. */
  @Override
  public String idempotencyKey() {
    return UUID.nameUUIDFromBytes(
            (consumerName + '\n' + messageId).getBytes(StandardCharsets.UTF_8))
        .toString();
  }

  @Override
  public void reportUncertainEffect(String description) {
    LOG.warning(
        () ->
            "Uncertain external effect: consumer=%s messageId=%s idempotencyKey=%s delivery=%d: %s"
                .formatted(consumerName, messageId, idempotencyKey(), deliveryCount, description));
  }
}
