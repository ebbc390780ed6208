package dev.inbox.receiving;

/**
 * What makes a string unfit to be stored or compared as text: a lone surrogate (half of a
 * character, which UTF-8 cannot encode, so that a driver or an encoder replaces it and two strings
 * become one), or a control character (a NUL, which PostgreSQL refuses in text, a line break in an
 * id).
 */
final class Text {

  private Text() {}

  /** Whether the char at the index is half of a surrogate pair without its other half. */
  static boolean isLoneSurrogate(String text, int index) {
    char c = text.charAt(index);
    if (Character.isHighSurrogate(c)) {
      return index + 1 == text.length() || !Character.isLowSurrogate(text.charAt(index + 1));
    }
    if (Character.isLowSurrogate(c)) {
      return index == 0 || !Character.isHighSurrogate(text.charAt(index - 1));
    }
    return false;
  }

  /** The index of the first lone surrogate, or -1 when the text is well formed. */
  static int firstLoneSurrogate(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (isLoneSurrogate(text, i)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * What is wrong with a string that names something (an id, a type), or null when nothing is: a
   * lone surrogate or a control character.
   */
  static String problem(String text) {
    int surrogate = firstLoneSurrogate(text);
    if (surrogate >= 0) {
      return "a lone surrogate (U+%04X) at index %d"
          .formatted((int) text.charAt(surrogate), surrogate);
    }
    for (int i = 0; i < text.length(); i++) {
      if (Character.isISOControl(text.charAt(i))) {
        return "a control character (U+%04X) at index %d".formatted((int) text.charAt(i), i);
      }
    }
    return null;
  }

  /** The length of the text in UTF-8, counted without encoding it (a lone surrogate as 3 bytes). */
  static long utf8Length(String text) {
    long bytes = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }
}
