package dev.inbox.dispatch;

import dev.inbox.spi.InboxContext;
import dev.inbox.spi.Limits;
import dev.inbox.spi.UncertainEffect;
import dev.inbox.store.Columns;
import dev.inbox.store.EffectEntry;
import dev.inbox.store.UncertainEffects;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
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

  /** What the handler read, once per report, as last read. */
  private final Map<EffectEntry.Key, EffectEntry> read = new LinkedHashMap<>();

  private final Set<EffectEntry.Key> reportedHere = new HashSet<>();
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

  /** Cut to its column, with a warning: the work it names is done, and must not fail now. */
  @Override
  public void recordResult(String reference) {
    Objects.requireNonNull(reference, "reference");
    if (reference.length() > Limits.RESULT_REFERENCE) {
      LOG.warning(
          () ->
              "Result reference of consumer %s for message %s is %d characters long; the first %d"
                      .formatted(
                          consumerName, messageId, reference.length(), Limits.RESULT_REFERENCE - 1)
                  + " are kept");
    }
    result = Columns.cut(reference, Limits.RESULT_REFERENCE);
  }

  /**
   * Written before it returns, or the delivery fails: a report that could not be kept must not let
   * the delivery commit and the uncertainty be forgotten.
   */
  @Override
  public void reportUncertainEffect(String target, String idempotencyKey, String detail) {
    EffectEntry.Key key =
        new EffectEntry.Key(
            consumerName,
            messageId,
            Columns.cut(Objects.requireNonNull(target, "target"), Limits.EFFECT_TARGET),
            Columns.fitting(
                Objects.requireNonNull(idempotencyKey, "idempotencyKey"), Limits.IDEMPOTENCY_KEY));
    reported.incrementAndGet();
    synchronized (read) {
      reportedHere.add(key);
    }
    LOG.warning(
        () ->
            "Uncertain external effect: %s delivery=%d: %s".formatted(key, deliveryCount, detail));
    if (!effects.report(key, detail, deliveryCount)) {
      throw new IllegalStateException(
          "The uncertain external effect (%s) could not be recorded; the delivery rolls back, so"
                  .formatted(key)
              + " that its redelivery meets the uncertainty again");
    }
  }

  /** Only earlier deliveries' reports: this delivery's own are not its to settle. */
  @Override
  public List<UncertainEffect> uncertainEffects() {
    List<EffectEntry> unsettled = effects.unsettled(consumerName, messageId);
    List<UncertainEffect> earlier = new ArrayList<>();
    synchronized (read) {
      for (EffectEntry entry : unsettled) {
        if (!reportedHere.contains(entry.key())) {
          read.put(entry.key(), entry);
          earlier.add(entry.toEffect());
        }
      }
    }
    return earlier;
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
        effects.settle(List.copyOf(read.values()), at);
      }
    }
  }

  private static String uuidOf(String name) {
    return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)).toString();
  }
}
