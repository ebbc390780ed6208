package dev.inbox.webhooks;

import dev.inbox.receiving.IdentityProperties;
import dev.inbox.spi.Limits;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
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
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Receives one webhook delivery: finds its source, checks the media type and the size, verifies the
 * signature on the raw bytes before reading anything else, reads the delivery id and the type, and
 * puts the body on the inbox queue with the identity {@code <source>:<delivery id>}. The delivery
 * path does the rest, as for any message: a delivery the partner sends again is a duplicate there,
 * one with another body under the same id a collision.
 */
@ApplicationScoped
public class Webhooks {

  private static final Logger LOG = Logger.getLogger(Webhooks.class.getName());

  /** The message property that names the source a delivery came from. */
  public static final String SOURCE_PROPERTY = "webhookSource";

  private final WebhookSources sources;
  private final WebhookQueue queue;
  private final Event<WebhookReceived> received;
  private final String messageIdProperty;
  private final String typeProperty;
  private final Clock clock;

  @Inject
  Webhooks(
      WebhookSources sources,
      WebhookQueue queue,
      Event<WebhookReceived> received,
      IdentityProperties identity) {
    this(sources, queue, received, identity.messageId(), identity.type(), Clock.systemUTC());
  }

  Webhooks(
      WebhookSources sources,
      WebhookQueue queue,
      Event<WebhookReceived> received,
      String messageIdProperty,
      String typeProperty,
      Clock clock) {
    this.sources = sources;
    this.queue = queue;
    this.received = received;
    this.messageIdProperty = messageIdProperty;
    this.typeProperty = typeProperty;
    this.clock = clock;
  }

  /** For the CDI proxy. */
  protected Webhooks() {
    this(null, null, null, null, null, null);
  }

  /**
   * A delivery as the endpoint received it.
   *
   * @param contentType the {@code Content-Type} header, or null
   * @param contentLength the {@code Content-Length} header, or -1 when the body is chunked
   * @param headers the value of a header by its name (case-insensitive), or null
   * @param body the raw body, read here no further than the source's limit
   */
  public record Request(
      String contentType, long contentLength, Function<String, String> headers, InputStream body) {}

  /**
   * The endpoint's answer.
   *
   * @param detail what was wrong and what to do, or null when accepted
   * @param messageId the identity the inbox keys the delivery on, or null when refused
   */
  public record Answer(Receipt receipt, String detail, String messageId) {}

  public Answer receive(String sourceName, Request request) {
    Optional<Source> found = sources.find(sourceName);
    Answer answer;
    if (found.isEmpty()) {
      // The configured sources are not for whoever posts: the log has them.
      answer =
          new Answer(
              Receipt.UNKNOWN_SOURCE,
              "no webhook source is named '%s': check the URL the partner delivers to"
                  .formatted(sourceName),
              null);
      LOG.fine(() -> "Configured webhook sources: " + sources.names());
    } else {
      answer = receive(found.get(), request);
    }
    received.fire(new WebhookReceived(found.map(Source::name).orElse(""), answer.receipt()));
    if (answer.receipt() != Receipt.ACCEPTED) {
      LOG.log(
          answer.receipt() == Receipt.UNAVAILABLE ? Level.WARNING : Level.FINE,
          () ->
              "Webhook to %s refused (%s): %s"
                  .formatted(sourceName, answer.receipt().code(), answer.detail()));
    }
    return answer;
  }

  private Answer receive(Source source, Request request) {
    String mediaTypeProblem = mediaTypeProblem(request.contentType());
    if (mediaTypeProblem != null) {
      return refused(Receipt.UNSUPPORTED_MEDIA_TYPE, mediaTypeProblem);
    }
    if (request.contentLength() > source.maxBodyBytes()) {
      return tooLarge(source, request.contentLength() + " bytes");
    }
    byte[] body;
    try {
      body = read(request.body(), source.maxBodyBytes());
    } catch (IOException e) {
      return refused(
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
      return refused(
          Receipt.BAD_SIGNATURE,
          "%s (%s, %s): check the secret the partner signs with"
              .formatted(refusal, source.scheme().settingName(), source.signatureHeader()));
    }
    String text = utf8(body);
    if (text == null) {
      return refused(Receipt.UNREADABLE, "the body is not UTF-8 text, which JSON must be");
    }
    JsonStructure json = source.needsJson() ? json(text) : null;
    String deliveryId = source.deliveryId().read(request.headers(), json);
    if (deliveryId == null) {
      return refused(
          Receipt.UNREADABLE,
          "the delivery has no id in %s%s: without it, a delivery sent again could not be told from a new one"
              .formatted(
                  source.deliveryId(),
                  source.deliveryId().inBody() && json == null ? " (the body is not JSON)" : ""));
    }
    String messageId = source.identity(deliveryId);
    if (messageId.length() > Limits.MESSAGE_ID) {
      return refused(
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
    properties.put(SOURCE_PROPERTY, source.name());
    try {
      queue.send(properties, text);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, e, () -> "Could not put webhook " + messageId + " on the inbox queue");
      return refused(
          Receipt.UNAVAILABLE,
          "the inbox queue did not take the delivery (%s); deliver it again later"
              .formatted(e.getClass().getSimpleName()));
    }
    return new Answer(Receipt.ACCEPTED, null, messageId);
  }

  private static Answer refused(Receipt receipt, String detail) {
    return new Answer(receipt, detail, null);
  }

  private static Answer tooLarge(Source source, String size) {
    return refused(
        Receipt.TOO_LARGE,
        "the body is %s; inbox.webhooks.%s.max-body-bytes allows %d"
            .formatted(size, source.name(), source.maxBodyBytes()));
  }

  /** Why a Content-Type is refused, or null for JSON in UTF-8. */
  static String mediaTypeProblem(String contentType) {
    if (contentType == null || contentType.isBlank()) {
      return "the delivery has no Content-Type; send application/json";
    }
    String[] parts = contentType.toLowerCase(Locale.ROOT).split(";");
    String type = parts[0].strip();
    boolean json =
        type.equals("application/json")
            || type.startsWith("application/") && type.endsWith("+json");
    if (!json) {
      return "the Content-Type is %s; send application/json (GitHub: the webhook's content type)"
          .formatted(contentType.strip());
    }
    for (int i = 1; i < parts.length; i++) {
      String parameter = parts[i].strip();
      if (parameter.startsWith("charset=")
          && !parameter.substring("charset=".length()).replace("\"", "").equals("utf-8")) {
        return "the Content-Type is %s; JSON is UTF-8".formatted(contentType.strip());
      }
    }
    return null;
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
