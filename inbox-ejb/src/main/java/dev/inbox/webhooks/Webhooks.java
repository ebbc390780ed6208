package dev.inbox.webhooks;

import dev.inbox.receiving.IdentityProperties;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.io.InputStream;
import java.time.Clock;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Receives one webhook delivery: finds its source, checks the media type and the size, verifies the
 * signature on the raw bytes before reading anything else, reads the delivery id and the type, and
 * puts the body on the inbox queue with the identity {@code <source>:<delivery id>}. The delivery
 * path does the rest, as for any message: a delivery the partner sends again is a duplicate there,
 * one with another body under the same id a collision. What a delivery becomes is decided first
 * ({@link Delivery}); only an accepted one is sent.
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
    Delivery delivery = Delivery.read(source, request, clock, messageIdProperty, typeProperty);
    if (delivery instanceof Delivery.Refused refused) {
      return new Answer(refused.receipt(), refused.detail(), null);
    }
    Delivery.Message message = (Delivery.Message) delivery;
    try {
      queue.send(message.properties(), message.text());
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          e,
          () -> "Could not put webhook " + message.messageId() + " on the inbox queue");
      return new Answer(
          Receipt.UNAVAILABLE,
          "the inbox queue did not take the delivery (%s); deliver it again later"
              .formatted(e.getClass().getSimpleName()),
          null);
    }
    return new Answer(Receipt.ACCEPTED, null, message.messageId());
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
}
