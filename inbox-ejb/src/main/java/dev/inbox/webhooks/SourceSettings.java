package dev.inbox.webhooks;

import dev.inbox.settings.Durations;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads one source from its settings ({@code inbox.webhooks.<name>.*}, as {@link WebhookSources}
 * lists them): a value the inbox cannot use is refused, naming the setting and what to write
 * instead.
 */
final class SourceSettings {

  static final long DEFAULT_MAX_BODY_BYTES = 1_048_576;

  private static final String SCHEME = "inbox.webhooks.<name>.scheme";
  private static final String SECRET = "inbox.webhooks.<name>.secret";
  private static final String SIGNATURE_HEADER = "inbox.webhooks.<name>.signature-header";
  private static final String DELIVERY_ID = "inbox.webhooks.<name>.delivery-id";
  private static final String TYPE = "inbox.webhooks.<name>.type";
  private static final String MAX_BODY_BYTES = "inbox.webhooks.<name>.max-body-bytes";
  private static final String TOLERANCE = "inbox.webhooks.<name>.tolerance";
  private static final String HEADER_PROPERTIES = "inbox.webhooks.<name>.header-properties";

  private SourceSettings() {}

  /**
   * @param reserved the properties no header may set ({@link WebhookSources#reserved})
   * @throws IllegalArgumentException naming the setting the inbox cannot use
   */
  static Source read(
      WebhookSources.Settings settings, String name, Set<String> reserved, long inboxMaxBodyBytes) {
    Function<String, String> key = template -> template.replace("<name>", name);
    Optional<String> schemeSetting = settings.value(key.apply(SCHEME));
    Scheme scheme = Scheme.named(schemeSetting.orElse(name));
    if (scheme == null) {
      throw new IllegalArgumentException(
          ("%s is %s: write github or stripe, the way the partner signs its deliveries")
              .formatted(
                  key.apply(SCHEME), schemeSetting.map(s -> "'" + s + "'").orElse("not set")));
    }
    String secret = settings.value(key.apply(SECRET)).orElse("");
    if (secret.isBlank()) {
      throw new IllegalArgumentException(
          ("%s is not set: set it to the secret the partner signs with, from the server's"
                  + " secret store or an environment variable, never in the application")
              .formatted(key.apply(SECRET)));
    }
    long maxBodyBytes =
        settings
            .value(key.apply(MAX_BODY_BYTES))
            .map(value -> bytes(key.apply(MAX_BODY_BYTES), value))
            .orElse(Math.min(DEFAULT_MAX_BODY_BYTES, inboxMaxBodyBytes));
    if (maxBodyBytes < 1 || maxBodyBytes > inboxMaxBodyBytes) {
      throw new IllegalArgumentException(
          ("%s is %d: it must be between 1 and inbox.max-body-bytes, %d, or the inbox would"
                  + " quarantine what the endpoint accepted")
              .formatted(key.apply(MAX_BODY_BYTES), maxBodyBytes, inboxMaxBodyBytes));
    }
    return new Source(
        name,
        scheme,
        secret.getBytes(StandardCharsets.UTF_8),
        settings.value(key.apply(SIGNATURE_HEADER)).orElse(scheme.signatureHeader()).strip(),
        locator(settings, key.apply(DELIVERY_ID), scheme.deliveryId()),
        locator(settings, key.apply(TYPE), scheme.type()),
        maxBodyBytes,
        tolerance(settings, key.apply(TOLERANCE)),
        headerProperties(
            key.apply(HEADER_PROPERTIES),
            settings.value(key.apply(HEADER_PROPERTIES)).orElse(""),
            reserved));
  }

  private static Locator locator(WebhookSources.Settings settings, String key, String byDefault) {
    return Locator.parse(key, settings.value(key).orElse(byDefault));
  }

  /**
   * {@code X-Hook-ID:hookId,...}: each header, when a delivery has it, becomes a message property
   * of that name, for the handler to read. Headers are not signed: the names that key, type,
   * version or scope a message ({@link WebhookSources#reserved}) cannot be taken.
   */
  private static Map<String, String> headerProperties(
      String key, String value, Set<String> reserved) {
    Map<String, String> properties = new LinkedHashMap<>();
    for (String entry : value.split(",")) {
      if (entry.isBlank()) {
        continue;
      }
      int colon = entry.indexOf(':');
      String header = colon < 0 ? "" : entry.substring(0, colon).strip();
      String property = colon < 0 ? "" : entry.substring(colon + 1).strip();
      if (header.isEmpty() || !isPropertyName(property) || reserved.contains(property)) {
        throw new IllegalArgumentException(
            ("%s has '%s': write <header>:<property>, separated by commas, where the property is"
                    + " a Java identifier not starting with JMS, JMSX, _AMQ, ce_ or inbox_ and not"
                    + " one of %s, which a header must not decide: such as X-GitHub-Hook-ID:hookId")
                .formatted(key, entry.strip(), reserved));
      }
      properties.put(header, property);
    }
    return Collections.unmodifiableMap(properties);
  }

  private static boolean isPropertyName(String name) {
    return !name.isEmpty()
        && Character.isJavaIdentifierStart(name.charAt(0))
        && name.chars().allMatch(Character::isJavaIdentifierPart)
        && !name.startsWith("JMS")
        && !name.startsWith("inbox_")
        && !name.startsWith("ce_")
        && !name.startsWith("_AMQ");
  }

  private static long bytes(String key, String value) {
    try {
      return Long.parseLong(value.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "%s is '%s': write a number of bytes, such as 1048576".formatted(key, value));
    }
  }

  private static Duration tolerance(WebhookSources.Settings settings, String key) {
    return Durations.positive(key, settings.value(key).orElse("PT5M"), "PT5M");
  }
}
