package dev.inbox.webhooks;

import dev.inbox.receiving.IdentityProperties;
import dev.inbox.receiving.InboxListener;
import dev.inbox.settings.Durations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The sources that may deliver webhooks ({@code inbox.webhooks.sources}), each read from its
 * settings at start-up: a setting the inbox cannot use fails the deployment, naming it and what to
 * write instead, rather than refusing every delivery later.
 *
 * <pre>
 * inbox.webhooks.sources=github,payments
 * inbox.webhooks.github.secret=...                  # required
 * inbox.webhooks.payments.scheme=stripe             # github or stripe; a source so named needs none
 * inbox.webhooks.payments.secret=whsec_...
 * inbox.webhooks.&lt;name&gt;.signature-header=...       # the scheme's by default
 * inbox.webhooks.&lt;name&gt;.delivery-id=header:...|json:/...
 * inbox.webhooks.&lt;name&gt;.type=header:...|json:/...
 * inbox.webhooks.&lt;name&gt;.max-body-bytes=1048576
 * inbox.webhooks.&lt;name&gt;.tolerance=PT5M              # stripe: how old a signed time may be
 * inbox.webhooks.&lt;name&gt;.header-properties=X-Tenant:tenantId,...
 * </pre>
 */
@ApplicationScoped
public class WebhookSources {

  private static final Logger LOG = Logger.getLogger(WebhookSources.class.getName());

  /** A source's name is part of a URL path and of an identity, before a colon. */
  private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,39}");

  static final long DEFAULT_MAX_BODY_BYTES = 1_048_576;

  private static final String SCHEME = "inbox.webhooks.<name>.scheme";
  private static final String SECRET = "inbox.webhooks.<name>.secret";
  private static final String SIGNATURE_HEADER = "inbox.webhooks.<name>.signature-header";
  private static final String DELIVERY_ID = "inbox.webhooks.<name>.delivery-id";
  private static final String TYPE = "inbox.webhooks.<name>.type";
  private static final String MAX_BODY_BYTES = "inbox.webhooks.<name>.max-body-bytes";
  private static final String TOLERANCE = "inbox.webhooks.<name>.tolerance";
  private static final String HEADER_PROPERTIES = "inbox.webhooks.<name>.header-properties";

  private final Map<String, Source> sources;
  private final String queueName;

  @Inject
  WebhookSources(
      Config config,
      @ConfigProperty(name = WebhookQueue.QUEUE, defaultValue = InboxListener.DESTINATION)
          String queueName,
      @ConfigProperty(name = "inbox.webhooks.sources") Optional<String> names,
      IdentityProperties identity,
      @ConfigProperty(name = "inbox.max-body-bytes", defaultValue = "10485760")
          long inboxMaxBodyBytes) {
    this.sources =
        read(
            key -> config.getOptionalValue(key, String.class),
            names.orElse(""),
            identity.messageId(),
            reserved(identity.keying().stream()),
            inboxMaxBodyBytes);
    this.queueName = queueName;
  }

  WebhookSources(Map<String, Source> sources) {
    this.sources = sources;
    this.queueName = null;
  }

  /** For the CDI proxy. */
  protected WebhookSources() {
    this.sources = null;
    this.queueName = null;
  }

  /** Observing start-up creates this bean, so that a setting it cannot use fails the deployment. */
  void checkAtStartup(@Observes Startup startup) {
    if (!sources.isEmpty()) {
      // A queue the endpoint cannot send to would answer every delivery 503: refuse to start.
      WebhookQueue.lookUp(queueName);
      LOG.info(() -> "Inbox webhook sources: " + sources.values() + ", put on " + queueName);
    }
  }

  Optional<Source> find(String name) {
    return Optional.ofNullable(sources.get(name));
  }

  /** The names of the configured sources, in the order the settings list them. */
  public Set<String> names() {
    return sources.keySet();
  }

  /**
   * @param settings a setting's value by its key, empty when it is not set
   * @throws IllegalArgumentException naming the setting the inbox cannot use
   */
  static Map<String, Source> read(
      Settings settings,
      String names,
      String messageIdProperty,
      Set<String> reserved,
      long inboxMaxBodyBytes) {
    List<String> listed =
        Stream.of(names.split(",")).map(String::strip).filter(name -> !name.isEmpty()).toList();
    for (String name : listed) {
      if (!NAME.matcher(name).matches()) {
        throw new IllegalArgumentException(
            ("inbox.webhooks.sources names '%s': a source's name is 1 to 40 lower-case letters,"
                    + " digits and hyphens, starting with a letter or digit, such as github")
                .formatted(name));
      }
    }
    if (!listed.isEmpty() && "JMSMessageID".equals(messageIdProperty)) {
      throw new IllegalArgumentException(
          "inbox.webhooks.sources is set, but inbox.message-id-property is JMSMessageID: a"
              + " webhook's identity is its source and delivery id, which the inbox reads from a"
              + " message property; name one (the default is messageId)");
    }
    Map<String, Source> sources = new LinkedHashMap<>();
    for (String name : listed) {
      sources.put(name, source(settings, name, reserved, inboxMaxBodyBytes));
    }
    return Collections.unmodifiableMap(sources);
  }

  private static Source source(
      Settings settings, String name, Set<String> reserved, long inboxMaxBodyBytes) {
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

  /** A setting's value by its key. */
  @FunctionalInterface
  interface Settings {
    Optional<String> value(String key);
  }

  private static Locator locator(Settings settings, String key, String byDefault) {
    return Locator.parse(key, settings.value(key).orElse(byDefault));
  }

  /**
   * The properties no header may set: those the inbox keys, types, versions or scopes a message by
   * (a header is not signed, so whoever replays a delivery could change them), and the names the
   * inbox, JMS, CloudEvents and the broker give properties themselves.
   */
  static Set<String> reserved(Stream<String> inboxProperties) {
    Set<String> reserved = new java.util.TreeSet<>();
    inboxProperties.filter(name -> !name.isEmpty()).forEach(reserved::add);
    reserved.add(Webhooks.SOURCE_PROPERTY);
    return Collections.unmodifiableSet(reserved);
  }

  /**
   * {@code X-Hook-ID:hookId,...}: each header, when a delivery has it, becomes a message property
   * of that name, for the handler to read. Headers are not signed: the names that key, type,
   * version or scope a message ({@link #reserved}) cannot be taken.
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

  private static Duration tolerance(Settings settings, String key) {
    return Durations.positive(key, settings.value(key).orElse("PT5M"), "PT5M");
  }
}
