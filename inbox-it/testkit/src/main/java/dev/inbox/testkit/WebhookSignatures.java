package dev.inbox.testkit;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Signatures as partners make them, written from their documentation, for tests to sign with. */
public final class WebhookSignatures {

  private WebhookSignatures() {}

  /** GitHub's {@code X-Hub-Signature-256}: {@code sha256=} and the hex HMAC-SHA256 of the body. */
  public static String github(String secret, String body) {
    return "sha256=" + HexFormat.of().formatHex(hmac(secret, body));
  }

  /**
   * Stripe's {@code Stripe-Signature}: the time and the hex HMAC-SHA256 of {@code <time>.<body>}.
   */
  public static String stripe(String secret, String body, long time) {
    return "t=%d,v1=%s".formatted(time, HexFormat.of().formatHex(hmac(secret, time + "." + body)));
  }

  private static byte[] hmac(String secret, String data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Every Java runtime has HmacSHA256", e);
    }
  }
}
