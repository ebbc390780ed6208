package dev.inbox.spi;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.enterprise.util.AnnotationLiteral;
import jakarta.enterprise.util.Nonbinding;
import jakarta.inject.Qualifier;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Declares an {@link InboxHandler} as a consumer: its stable name and the message types it takes. A
 * qualifier, binding on the name only: {@code
 * handlers.select(InboxConsumer.Literal.named("billing"))} finds one consumer's handler, and no
 * handler is a {@code @Default} bean.
 *
 * <p>The name is part of every inbox row the consumer writes, so it must never change once messages
 * have been processed: renaming a consumer makes every earlier message look new to it. Two handlers
 * of the same type are two consumers, each applying the message once.
 */
@Qualifier
@Documented
@Retention(RUNTIME)
@Target({TYPE, METHOD, FIELD, PARAMETER})
public @interface InboxConsumer {

  /** The consumer's stable name, for example {@code billing}. At most 100 characters. */
  String name();

  /** The message types this consumer handles, for example {@code order.created}. */
  @Nonbinding
  String[] types();

  /**
   * The contract versions this consumer accepts, compared with the message's contract-version
   * property. A message of another version, or without one, is quarantined as {@code
   * unsupported-contract-version} for this consumer. Empty, the default, accepts every message.
   */
  @Nonbinding
  String[] versions() default {};

  /**
   * The parts of a JSON body that make two messages with one id the same for this consumer, as JSON
   * Pointers (RFC 6901), for example {@code {"/order", "/amount"}}: a re-publication that differs
   * only elsewhere is a duplicate, one that differs in them a collision. Empty, the default, takes
   * the whole body (less {@link #fingerprintExcludes()}). A body that is not JSON is always taken
   * whole.
   */
  @Nonbinding
  String[] fingerprintIncludes() default {};

  /**
   * The parts of a JSON body that never make two messages with one id different for this consumer,
   * as JSON Pointers (RFC 6901), for example {@code {"/occurredAt", "/traceId"}}: volatile fields a
   * producer sets anew when it publishes the same event again.
   */
  @Nonbinding
  String[] fingerprintExcludes() default {};

  /**
   * The version of this consumer's processing, 1 by default. Raise it with a fix whose handler must
   * apply again what an earlier version applied: a copy of a message whose row an earlier version
   * wrote is then applied once more, and its row carries the new version, so a further copy is a
   * duplicate again. The inbox replays nothing itself: only the copies that arrive (a producer's
   * replay, a redrive, a redelivery) are applied again. Rows of semantic duplicates stay so. Never
   * lower it: copies of messages a higher version applied are duplicates whatever it says.
   */
  @Nonbinding
  int processingVersion() default 1;

  /**
   * A window within which a message whose payload equals one this consumer saw as new is a
   * duplicate of it, even under another id: an ISO-8601 duration, for example {@code "PT10M"}. For
   * producers that publish the same event again under a new id. The payload is compared as the
   * fingerprint sees it ({@link #fingerprintIncludes()}, {@link #fingerprintExcludes()}): two
   * legitimate events with the same content within the window are merged into one, so give it only
   * to a consumer whose payloads always differ between two real events. Empty, the default,
   * compares ids only.
   */
  @Nonbinding
  String contentWindow() default "";

  /**
   * When the handler runs: in the delivery that brings the message ({@link Mode#DIRECT}, the
   * default), or later, from the inbox's table ({@link Mode#STORE_THEN_PROCESS}).
   */
  @Nonbinding
  Mode mode() default Mode.DIRECT;

  /** When a consumer's handler runs. */
  enum Mode {
    /**
     * In the delivery's transaction: the broker's acknowledgement commits with the handler's
     * effect, a failure rolls both back and the broker redelivers.
     */
    DIRECT,
    /**
     * Later: the delivery stores the message with its body and commits, which acknowledges it; the
     * inbox's workers run the handler from the table, in a transaction of their own, in order per
     * {@link InboxHandler#orderingKey ordering key}, retrying a failure with backoff; a message
     * that fails every attempt is quarantined and holds its key until an operator releases it.
     */
    STORE_THEN_PROCESS
  }

  /** The qualifier of one consumer, by its name: to select that consumer's handler. */
  final class Literal extends AnnotationLiteral<InboxConsumer> implements InboxConsumer {

    private static final long serialVersionUID = 1L;

    private final String name;

    private Literal(String name) {
      this.name = name;
    }

    public static Literal named(String name) {
      return new Literal(name);
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public String[] types() {
      return new String[0];
    }

    @Override
    public String[] versions() {
      return new String[0];
    }

    @Override
    public String[] fingerprintIncludes() {
      return new String[0];
    }

    @Override
    public String[] fingerprintExcludes() {
      return new String[0];
    }

    @Override
    public int processingVersion() {
      return 1;
    }

    @Override
    public Mode mode() {
      return Mode.DIRECT;
    }

    @Override
    public String contentWindow() {
      return "";
    }
  }
}
