package dev.inbox.settings;

import java.time.Duration;
import java.time.format.DateTimeParseException;

/** Durations in settings: positive, ISO-8601 ({@code P30D}, {@code PT12H}, {@code PT30S}). */
public final class Durations {

  private Durations() {}

  /**
   * @param example a value to suggest, such as {@code P30D}
   * @throws IllegalArgumentException naming the key, when the value is not a positive duration
   */
  public static Duration positive(String key, String value, String example) {
    try {
      Duration duration = Duration.parse(value.strip());
      if (!duration.isNegative() && !duration.isZero()) {
        return duration;
      }
    } catch (DateTimeParseException e) {
      // Said below, with what to write instead.
    }
    throw new IllegalArgumentException(
        "%s is '%s': write a positive ISO-8601 duration, such as %s"
            .formatted(key, value, example));
  }
}
