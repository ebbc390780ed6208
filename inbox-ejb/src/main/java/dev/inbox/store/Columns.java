package dev.inbox.store;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Texts made to fit the columns that hold them. */
public final class Columns {

  private Columns() {}

  /** A text cut to a column's width, its last character an ellipsis; null stays null. */
  public static String cut(String text, int width) {
    if (text == null || text.length() <= width) {
      return text;
    }
    return text.substring(0, width - 1) + "…";
  }

  /**
   * A key that fits a column's width: a longer one is replaced by {@code sha256:} and its hash, so
   * that two keys never become one, as cutting them could make them.
   */
  public static String fitting(String key, int width) {
    if (key.length() <= width) {
      return key;
    }
    try {
      return "sha256:"
          + HexFormat.of()
              .formatHex(
                  MessageDigest.getInstance("SHA-256")
                      .digest(key.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java runtime provides SHA-256", e);
    }
  }
}
