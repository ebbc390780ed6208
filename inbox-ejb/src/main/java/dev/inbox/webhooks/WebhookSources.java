package dev.inbox.webhooks;

import dev.inbox.receiving.IdentityProperties;
import dev.inbox.receiving.InboxListener;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
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
      sources.put(name, SourceSettings.read(settings, name, reserved, inboxMaxBodyBytes));
    }
    return Collections.unmodifiableMap(sources);
  }

  /** A setting's value by its key. */
  @FunctionalInterface
  interface Settings {
    Optional<String> value(String key);
  }

  /**
   * The properties no header may set by name: those the inbox keys, types, versions or scopes a
   * message by (a header is not signed, so whoever replays a delivery could change them), and the
   * source's own. The prefixes the inbox, JMS, CloudEvents and the broker give their properties are
   * refused by {@link SourceSettings} as well.
   */
  static Set<String> reserved(Stream<String> inboxProperties) {
    Set<String> reserved = new TreeSet<>();
    inboxProperties.filter(name -> !name.isEmpty()).forEach(reserved::add);
    reserved.add(Webhooks.SOURCE_PROPERTY);
    return Collections.unmodifiableSet(reserved);
  }
}
