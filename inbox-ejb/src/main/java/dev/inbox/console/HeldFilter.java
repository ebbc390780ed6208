package dev.inbox.console;

import dev.inbox.spi.QuarantineProperties;
import dev.inbox.spi.QuarantineReason;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * What an operator narrows a held queue to, as a JMS message selector the broker applies: every
 * criterion given must hold. Values are quoted as the selector syntax quotes them, so no value can
 * change the selector's meaning.
 *
 * @param reason a reason code, or null
 * @param consumer a consumer's name, or null
 * @param type a message type, or null
 * @param errorType the class of the exception a handler last threw on it, {@value #NONE} for a
 *     message without one, or null
 * @param errorFrame the frame that exception was thrown at, {@value #NONE} for none, or null
 * @param from set aside at or after, or null
 * @param to set aside before, or null
 */
public record HeldFilter(
    String reason,
    String consumer,
    String type,
    String errorType,
    String errorFrame,
    Instant from,
    Instant to) {

  /** The value of {@code errorType} and {@code errorFrame} that selects messages without one. */
  public static final String NONE = "-";

  /** No criteria. */
  public static final HeldFilter ALL = new HeldFilter(null, null, null, null, null, null, null);

  /**
   * @throws IllegalArgumentException naming what cannot be a criterion, and what can
   */
  public HeldFilter {
    reason = blankToNull(reason);
    consumer = blankToNull(consumer);
    type = blankToNull(type);
    errorType = blankToNull(errorType);
    errorFrame = blankToNull(errorFrame);
    if (reason != null && QuarantineReason.ofCode(reason).isEmpty()) {
      throw new IllegalArgumentException(
          "no quarantine reason is named '%s'; the reasons are %s".formatted(reason, codes()));
    }
    if (from != null && to != null && !from.isBefore(to)) {
      throw new IllegalArgumentException("from (%s) must be before to (%s)".formatted(from, to));
    }
  }

  /** The same criteria, bounded by an end. */
  HeldFilter to(Instant end) {
    return new HeldFilter(reason, consumer, type, errorType, errorFrame, from, end);
  }

  /**
   * The selector, or null when there is no criterion.
   *
   * @param typeProperty the property that carries a message's type ({@code inbox.type-property})
   */
  String selector(String typeProperty) {
    return criteria(typeProperty, "JMSTimestamp");
  }

  /**
   * The same criteria in the broker's own filter syntax, as its management operations take them:
   * the send time is {@code AMQTimestamp} there.
   */
  String brokerFilter(String typeProperty) {
    return criteria(typeProperty, "AMQTimestamp");
  }

  private String criteria(String typeProperty, String timestamp) {
    List<String> criteria = new ArrayList<>();
    if (reason != null) {
      criteria.add(QuarantineProperties.REASON + " = " + quoted(reason));
    }
    if (consumer != null) {
      criteria.add(QuarantineProperties.CONSUMER + " = " + quoted(consumer));
    }
    if (type != null) {
      criteria.add("(%s = %s OR ce_type = %s)".formatted(typeProperty, quoted(type), quoted(type)));
    }
    if (errorType != null) {
      criteria.add(equalOrAbsent(QuarantineProperties.ERROR_TYPE, errorType));
    }
    if (errorFrame != null) {
      criteria.add(equalOrAbsent(QuarantineProperties.ERROR_FRAME, errorFrame));
    }
    if (from != null) {
      criteria.add(timestamp + " >= " + from.toEpochMilli());
    }
    if (to != null) {
      criteria.add(timestamp + " < " + to.toEpochMilli());
    }
    return criteria.isEmpty() ? null : String.join(" AND ", criteria);
  }

  /**
   * An instant as a caller gives one ({@code 2026-12-04T09:30:00Z}), or null when none is given.
   *
   * @param name the criterion's name, for the message
   * @throws IllegalArgumentException naming the criterion and showing the form it takes
   */
  public static Instant instant(String name, String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return Instant.parse(value);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "%s is '%s': give an instant such as 2026-12-04T09:30:00Z".formatted(name, value), e);
    }
  }

  private static String equalOrAbsent(String property, String value) {
    return value.equals(NONE) ? property + " IS NULL" : property + " = " + quoted(value);
  }

  /** A string literal of the selector syntax: in single quotes, each one inside doubled. */
  static String quoted(String value) {
    return "'" + value.replace("'", "''") + "'";
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }

  private static List<String> codes() {
    return java.util.Arrays.stream(QuarantineReason.values()).map(QuarantineReason::code).toList();
  }
}
