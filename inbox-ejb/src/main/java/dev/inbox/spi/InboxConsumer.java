package dev.inbox.spi;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.enterprise.util.Nonbinding;
import jakarta.inject.Qualifier;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Declares an {@link InboxHandler} as a consumer: its stable name and the message types it takes.
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
}
