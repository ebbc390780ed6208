package dev.inbox.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * How a source signs its deliveries: an HMAC-SHA256 of the raw body with the source's secret, in
 * the form a partner sends it, and where the partner puts the delivery id and the event type unless
 * the source's settings say otherwise. Signatures are compared in constant time.
 */
public enum Scheme {

  /**
   * GitHub's: {@code X-Hub-Signature-256: sha256=<hex>} over the body; the delivery id in {@code
   * X-GitHub-Delivery}, the event in {@code X-GitHub-Event}.
   */
  GITHUB("X-Hub-Signature-256", "header:X-GitHub-Delivery", "header:X-GitHub-Event"),

  /**
   * Stripe's: {@code Stripe-Signature: t=<unix seconds>,v1=<hex>} over {@code <t>.<body>}, with one
   * {@code v1} per secret while the partner rolls its secret; the time must be within the source's
   * tolerance of now, so a captured delivery cannot be replayed later. The event's id and type are
   * in the body ({@code /id}, {@code /type}).
   */
  STRIPE("Stripe-Signature", "json:/id", "json:/type");

  private static final String HMAC = "HmacSHA256";

  private final String signatureHeader;
  private final String deliveryId;
  private final String type;

  Scheme(String signatureHeader, String deliveryId, String type) {
    this.signatureHeader = signatureHeader;
    this.deliveryId = deliveryId;
    this.type = type;
  }

  /** The scheme a setting names ({@code github}, {@code stripe}), or null when it names none. */
  static Scheme named(String name) {
    for (Scheme scheme : values()) {
      if (scheme.settingName().equals(name.strip().toLowerCase(Locale.ROOT))) {
        return scheme;
      }
    }
    return null;
  }

  String settingName() {
    return name().toLowerCase(Locale.ROOT);
  }

  String signatureHeader() {
    return signatureHeader;
  }

  String deliveryId() {
    return deliveryId;
  }

  String type() {
    return type;
  }

  /**
   * Why a delivery's signature does not verify, or null when it does.
   *
   * @param signature the signature header's value, or null when the delivery has none
   */
  String refusal(byte[] secret, String signature, byte[] body, Instant now, Duration tolerance) {
    if (signature == null || signature.isBlank()) {
      return "the delivery has no signature";
    }
    return switch (this) {
      case GITHUB -> github(secret, signature.strip(), body);
      case STRIPE -> stripe(secret, signature.strip(), body, now, tolerance);
    };
  }

  private static String github(byte[] secret, String signature, byte[] body) {
    if (!signature.startsWith("sha256=")) {
      return "the signature does not start with sha256=";
    }
    byte[] given = hex(signature.substring("sha256=".length()));
    return given != null && MessageDigest.isEqual(hmac(secret, body), given)
        ? null
        : "the signature does not match the body";
  }

  private static String stripe(
      byte[] secret, String signature, byte[] body, Instant now, Duration tolerance) {
    Long signedAt = null;
    List<byte[]> candidates = new ArrayList<>();
    for (String element : signature.split(",")) {
      int equals = element.indexOf('=');
      String key = equals < 0 ? element.strip() : element.substring(0, equals).strip();
      String value = equals < 0 ? "" : element.substring(equals + 1).strip();
      if (key.equals("t")) {
        signedAt = seconds(value);
      } else if (key.equals("v1")) {
        byte[] candidate = hex(value);
        if (candidate != null) {
          candidates.add(candidate);
        }
      }
    }
    if (signedAt == null || candidates.isEmpty()) {
      return "the signature has no t=<seconds> or no v1=<hex>";
    }
    byte[] prefix = (signedAt + ".").getBytes(StandardCharsets.US_ASCII);
    byte[] signed = new byte[prefix.length + body.length];
    System.arraycopy(prefix, 0, signed, 0, prefix.length);
    System.arraycopy(body, 0, signed, prefix.length, body.length);
    byte[] expected = hmac(secret, signed);
    boolean matches = false;
    for (byte[] candidate : candidates) {
      // Every candidate is compared, so the time taken does not say which one matched.
      matches |= MessageDigest.isEqual(expected, candidate);
    }
    if (!matches) {
      return "no v1 signature matches the body";
    }
    long skew = Math.abs(now.getEpochSecond() - signedAt);
    return skew > tolerance.toSeconds()
        ? "the signature was made at %s, %d s from now; the source's tolerance is %d s"
            .formatted(Instant.ofEpochSecond(signedAt), skew, tolerance.toSeconds())
        : null;
  }

  static byte[] hmac(byte[] secret, byte[] data) {
    try {
      Mac mac = Mac.getInstance(HMAC);
      mac.init(new SecretKeySpec(secret, HMAC));
      return mac.doFinal(data);
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException("This JVM cannot compute " + HMAC, e);
    }
  }

  private static byte[] hex(String text) {
    try {
      return HexFormat.of().parseHex(text);
    } catch (IllegalArgumentException notHex) {
      return null;
    }
  }

  private static Long seconds(String text) {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException notANumber) {
      return null;
    }
  }
}
