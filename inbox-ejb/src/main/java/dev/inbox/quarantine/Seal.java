package dev.inbox.quarantine;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The inbox's mark on a copy it quarantined: an HMAC-SHA256, under a key the nodes share, of what
 * the inbox wrote on it ({@link Forwarded}). A redriven copy whose seal verifies was quarantined by
 * this inbox; a message that merely carries {@code inbox_*} properties was not.
 */
final class Seal {

  private static final String ALGORITHM = "HmacSHA256";

  /** The layout of the sealed text, so that a later layout never verifies an earlier one. */
  private static final String VERSION = "inbox-seal-1";

  private Seal() {}

  static String of(byte[] key, Forwarded forwarded) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(mac(key, forwarded));
  }

  /** Whether the seal is the one these fields have under this key, compared in constant time. */
  static boolean verifies(byte[] key, Forwarded forwarded, String seal) {
    byte[] claimed;
    try {
      claimed = Base64.getUrlDecoder().decode(seal);
    } catch (IllegalArgumentException notBase64) {
      return false;
    }
    return MessageDigest.isEqual(mac(key, forwarded), claimed);
  }

  /**
   * Each field with its length before it, so that no two lists of fields give one text, and each
   * char as its two bytes: an id with a lone surrogate, which UTF-8 cannot encode, is sealed as it
   * is.
   */
  private static byte[] mac(byte[] key, Forwarded forwarded) {
    StringBuilder text = new StringBuilder(VERSION);
    for (String field : forwarded.sealed()) {
      text.append('\n').append(field.length()).append(':').append(field);
    }
    ByteBuffer chars = ByteBuffer.allocate(text.length() * 2);
    text.chars().forEach(c -> chars.putChar((char) c));
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(new SecretKeySpec(key, ALGORITHM));
      return mac.doFinal(chars.array());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Every Java runtime provides " + ALGORITHM, e);
    }
  }
}
