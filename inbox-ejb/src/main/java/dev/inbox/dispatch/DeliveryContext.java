package dev.inbox.dispatch;

import dev.inbox.spi.InboxContext;
import dev.inbox.spi.Limits;
import dev.inbox.spi.MessageRejectedException;
import dev.inbox.spi.UncertainEffect;
import dev.inbox.store.EffectEntry;
import dev.inbox.store.UncertainEffects;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;

/**
 * The {@link InboxContext} of one delivery to one consumer: what the handler recorded, reported and
 * read, until the delivery ends.
 */
final class DeliveryContext implements InboxContext {

  private static final Logger LOG = Logger.getLogger(DeliveryContext.class.getName());

  private final String consumerName;
  private final String messageId;
  private final int deliveryCount;
  private final UncertainEffects effects;
  private final AtomicInteger reported = new AtomicInteger();
  private final List<EffectEntry> read = new ArrayList<>();
  private volatile String result;

  DeliveryContext(
      String consumerName, String messageId, int deliveryCount, UncertainEffects effects) {
    this.consumerName = consumerName;
    this.messageId = messageId;
    this.deliveryCount = deliveryCount;
    this.effects = effects;
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
    return uuidOf(consumerName + '\n' + messageId);
  }

  /** A name-based UUID of consumer, message id and purpose. */
  @Override
  public String idempotencyKey(String purpose) {
    return uuidOf(consumerName + '\n' + messageId + '\n' + Objects.requireNonNull(purpose));
  }

  @Override
  public void recordResult(String reference) {
    result = fitting(reference, Limits.RESULT_REFERENCE, "result reference");
  }

  @Override
  public void reportUncertainEffect(String target, String idempotencyKey, String detail) {
    EffectEntry.Key key =
        new EffectEntry.Key(
            consumerName,
            messageId,
            fitting(target, Limits.EFFECT_TARGET, "uncertain effect's target"),
            fitting(idempotencyKey, Limits.IDEMPOTENCY_KEY, "uncertain effect's idempotency key"));
    reported.incrementAndGet();
    LOG.warning(
        () ->
            "Uncertain external effect: %s delivery=%d: %s".formatted(key, deliveryCount, detail));
    effects.report(key, detail, deliveryCount);
  }

  @Override
  public List<UncertainEffect> uncertainEffects() {
    List<EffectEntry> unsettled = effects.unsettled(consumerName, messageId);
    synchronized (read) {
      read.addAll(unsettled);
    }
    return unsettled.stream().map(EffectEntry::toEffect).toList();
  }

  /** How many uncertain effects the handler reported in this delivery. */
  int reported() {
    return reported.get();
  }

  /** What the handler recorded it produced, or null. */
  String result() {
    return result;
  }

  /**
   * Settles, in the delivery's transaction, the reports the handler read: it commits having seen
   * them. Reads nothing when it read none, so a delivery pays for this only when it used it.
   */
  void settleRead(LocalDateTime at) {
    synchronized (read) {
      if (!read.isEmpty()) {
        effects.settle(read, at);
      }
    }
  }

  private static String uuidOf(String name) {
    return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)).toString();
  }

  /** A text the handler gave, checked against its column: the same message gives the same text. */
  private static String fitting(String text, int limit, String what) {
    Objects.requireNonNull(text, what);
    if (text.length() > limit) {
      throw new MessageRejectedException(
          "%s is %d characters long; at most %d fit".formatted(what, text.length(), limit));
    }
    return text;
  }
}
