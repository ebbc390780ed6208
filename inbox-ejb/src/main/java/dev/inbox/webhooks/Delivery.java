package dev.inbox.webhooks;

import dev.inbox.spi.Limits;
import jakarta.json.Json;
import jakarta.json.JsonReader;
import jakarta.json.JsonStructure;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a delivery to a known source becomes, decided before anything is sent: the message it puts
 * on the inbox queue, or the refusal the partner gets. The media type and the size come first, and
 * the signature is verified on the raw bytes before anything else is read.
 */
sealed interface Delivery {

  /**
   * An accepted delivery, as the inbox queue takes it.
   *
   * @param messageId the identity the inbox keys it on: {@code <source>:<delivery id>}
   * @param text the body
   */
  record Message(String messageId, Map<String, String> properties, String text)
      implements Delivery {}

  /** A delivery the endpoint refuses: nothing is sent. */
  record Refused(Receipt receipt, String detail) implements Delivery {}

  /**
   * @param messageIdProperty the property the inbox reads a message's identity from
   * @param typeProperty the property the inbox reads a message's type from
   */
  static Delivery read(
      Source source,
      Webhooks.Request request,
      Clock clock,
      String messageIdProperty,
      String typeProperty) {
    String mediaTypeProblem = Webhooks.mediaTypeProblem(request.contentType());
    if (mediaTypeProblem != null) {
      return new Refused(Receipt.UNSUPPORTED_MEDIA_TYPE, mediaTypeProblem);
    }
    if (request.contentLength() > source.maxBodyBytes()) {
      return tooLarge(source, request.contentLength() + " bytes");
    }
    byte[] body;
    try {
      body = read(request.body(), source.maxBodyBytes());
    } catch (IOException e) {
      return new Refused(
          Receipt.UNREADABLE,
          "the body could not be read (%s): deliver it again".formatted(e.getMessage()));
    }
    if (body.length > source.maxBodyBytes()) {
      return tooLarge(source, "more than " + source.maxBodyBytes() + " bytes");
    }
    String refusal =
        source
            .scheme()
            .refusal(
                source.secret(),
                request.headers().apply(source.signatureHeader()),
                body,
                clock.instant(),
                source.tolerance());
    if (refusal != null) {
      return new Refused(
          Receipt.BAD_SIGNATURE,
          "%s (%s, %s): check the secret the partner signs with"
              .formatted(refusal, source.scheme().settingName(), source.signatureHeader()));
    }
    String text = utf8(body);
    if (text == null) {
      return new Refused(Receipt.UNREADABLE, "the body is not UTF-8 text, which JSON must be");
    }
    JsonStructure json = source.needsJson() ? json(text) : null;
    String deliveryId = source.deliveryId().read(request.headers(), json);
    if (deliveryId == null) {
      return new Refused(
          Receipt.UNREADABLE,
          "the delivery has no id in %s%s: without it, a delivery sent again could not be told from a new one"
              .formatted(
                  source.deliveryId(),
                  source.deliveryId().inBody() && json == null ? " (the body is not JSON)" : ""));
    }
    String messageId = source.identity(deliveryId);
    if (messageId.length() > Limits.MESSAGE_ID) {
      return new Refused(
          Receipt.UNREADABLE,
          "the delivery id is %d characters long; with the source's name the inbox keys up to %d"
              .formatted(deliveryId.length(), Limits.MESSAGE_ID));
    }
    Map<String, String> properties = new LinkedHashMap<>();
    source
        .headerProperties()
        .forEach(
            (header, property) -> {
              String value = request.headers().apply(header);
              if (value != null) {
                properties.put(property, value);
              }
            });
    // Set last, so that no header can stand in for them.
    properties.put(messageIdProperty, messageId);
    String type = source.type().read(request.headers(), json);
    if (type != null) {
      // Without a type, the inbox quarantines the delivery as missing-type, where an operator sees
      // it.
      properties.put(typeProperty, type);
    }
    properties.put(Webhooks.SOURCE_PROPERTY, source.name());
    return new Message(messageId, properties, text);
  }

  private static Refused tooLarge(Source source, String size) {
    return new Refused(
        Receipt.TOO_LARGE,
        "the body is %s; inbox.webhooks.%s.max-body-bytes allows %d"
            .formatted(size, source.name(), source.maxBodyBytes()));
  }

  /** Up to one byte more than the limit, so that a body over it is known to be. */
  private static byte[] read(InputStream body, long limit) throws IOException {
    try (body) {
      return body.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
    }
  }

  private static String utf8(byte[] body) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(body))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  /** The body as JSON, or null when it is not. */
  private static JsonStructure json(String text) {
    try (JsonReader reader = Json.createReader(new StringReader(text))) {
      return reader.read();
    } catch (RuntimeException notJson) {
      // Parsson throws JsonException, and other exceptions past its depth and length limits.
      return null;
    }
  }
}
