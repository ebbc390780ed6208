package dev.inbox.spi;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbException;
import jakarta.validation.Validation;
import jakarta.validation.ValidationException;
import jakarta.validation.Validator;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * A message's body: the text of a text message (held as its UTF-8 bytes), or the bytes of a bytes
 * message. Immutable: every read gets a copy, except {@link #as}, which binds the body once per
 * type and gives every caller of a delivery the same object.
 */
public final class Payload {

  private final byte[] bytes;
  private final boolean text;
  private final Map<Class<?>, Object> bound = new ConcurrentHashMap<>();

  private Payload(byte[] bytes, boolean text) {
    this.bytes = bytes;
    this.text = text;
  }

  public static Payload ofText(String text) {
    return new Payload(text.getBytes(StandardCharsets.UTF_8), true);
  }

  public static Payload ofBytes(byte[] bytes) {
    return new Payload(bytes.clone(), false);
  }

  /** The body's bytes, a copy. */
  public byte[] bytes() {
    return bytes.clone();
  }

  /** Whether the body came as text. */
  public boolean text() {
    return text;
  }

  /** The body as text, decoding bytes as UTF-8. */
  public String asText() {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /**
   * The body as JSON bound to a Java type through JSON-B (a record, or a public class with a public
   * no-argument constructor), bound once per delivery: {@code businessKey} and {@code handle}, and
   * every consumer of the delivery, get the same object, so make the type a record or otherwise
   * immutable. Fields the body lacks are null (0 or false for primitives); fields the type lacks
   * are ignored.
   *
   * <p>The bound object is validated with Bean Validation: constraints on the type ({@code
   * NotNull}, {@code Size}, ...) hold, or the message is rejected, naming each violation.
   *
   * @throws MessageRejectedException when JSON-B cannot bind the body, or the bound object breaks a
   *     constraint, so that the message is quarantined on its first delivery instead of retried. A
   *     type that JSON-B cannot bind at all (no constructor it can use) rejects every message: bind
   *     a sample body in a unit test, as the example handler's {@code MeetingTest} does
   */
  public <T> T as(Class<T> type) {
    return type.cast(bound.computeIfAbsent(type, this::bind));
  }

  private Object bind(Class<?> type) {
    Object value;
    try {
      value = Binding.JSONB.fromJson(asText(), type);
    } catch (JsonbException e) {
      throw new MessageRejectedException(
          "the body is not a JSON %s: %s".formatted(type.getSimpleName(), e.getMessage()), e);
    }
    if (value == null) {
      throw new MessageRejectedException("the body is JSON null, not a " + type.getSimpleName());
    }
    String violations = Validity.violations(value);
    if (!violations.isEmpty()) {
      throw new MessageRejectedException(
          "the body is not a valid %s: %s".formatted(type.getSimpleName(), violations));
    }
    return value;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Payload that && text == that.text && Arrays.equals(bytes, that.bytes);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(bytes) + Boolean.hashCode(text);
  }

  @Override
  public String toString() {
    return "Payload[" + bytes.length + " bytes" + (text ? ", text" : "") + "]";
  }

  /**
   * Bean Validation of bound payloads, by the server's provider. Where none is on the class path (a
   * unit test without one), payloads are bound without it, and the log says so once.
   */
  private static final class Validity {
    static final Validator VALIDATOR = validator();

    static String violations(Object value) {
      if (VALIDATOR == null) {
        return "";
      }
      return VALIDATOR.validate(value).stream()
          .map(violation -> violation.getPropertyPath() + " " + violation.getMessage())
          .sorted()
          .collect(Collectors.joining("; "));
    }

    private static Validator validator() {
      try {
        return Validation.buildDefaultValidatorFactory().getValidator();
      } catch (ValidationException e) {
        Logger.getLogger(Payload.class.getName())
            .warning(
                () -> "No Bean Validation provider: payloads are bound without it (" + e + ")");
        return null;
      }
    }
  }

  /** One JSON-B instance for every payload: it is thread-safe and costly to create. */
  private static final class Binding {
    static final Jsonb JSONB = JsonbBuilder.create();
  }
}
