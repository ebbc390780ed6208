package dev.inbox.dispatch;

import dev.inbox.settings.Durations;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxHandler;
import dev.inbox.spi.Limits;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * The consumers deployed with the module: every {@link InboxHandler} bean, found through
 * {@code @Any Instance}, under the name and types its {@link InboxConsumer} declares. A handler
 * that declares no consumer, a blank or too long name, no types, a name another handler already
 * uses, or a fingerprint part that is not a JSON Pointer fails the deployment, with a message that
 * says what to change.
 */
@ApplicationScoped
public class Subscriptions {

  private static final Logger LOG = Logger.getLogger(Subscriptions.class.getName());

  private final Instance<InboxHandler> handlers;
  private Map<String, List<Subscription>> byType = Map.of();
  private Map<String, Subscription> byName = Map.of();

  @Inject
  Subscriptions(@Any Instance<InboxHandler> handlers) {
    this.handlers = handlers;
  }

  /** For the CDI proxy. */
  protected Subscriptions() {
    this.handlers = null;
  }

  @PostConstruct
  void discover() {
    try {
      List<Subscription> declared = declared();
      byType = byType(declared);
      byName =
          declared.stream()
              .collect(Collectors.toUnmodifiableMap(Subscription::consumer, Function.identity()));
    } catch (IllegalStateException refused) {
      // Said here as well: Payara's deployment failure names only this method, not why.
      LOG.severe(refused.getMessage());
      throw refused;
    }
    LOG.info(() -> "Inbox consumers, by type: " + typesToConsumers());
  }

  private List<Subscription> declared() {
    Map<String, String> classByConsumer = new TreeMap<>();
    List<Subscription> discovered = new ArrayList<>();
    for (Instance.Handle<InboxHandler> handle : handlers.handles()) {
      Bean<InboxHandler> bean = handle.getBean();
      InboxConsumer declared = declaration(bean);
      String previous = classByConsumer.put(declared.name(), bean.getBeanClass().getName());
      if (previous != null) {
        throw new IllegalStateException(
            "Consumer name '%s' is declared by both %s and %s: give each handler its own stable name"
                .formatted(declared.name(), previous, bean.getBeanClass().getName()));
      }
      if (declared.processingVersion() < 1) {
        throw new IllegalStateException(
            "%s (consumer '%s') declares processingVersion %d: it starts at 1 and only grows"
                .formatted(
                    bean.getBeanClass().getName(), declared.name(), declared.processingVersion()));
      }
      discovered.add(
          new Subscription(
              declared.name(),
              Set.of(declared.types()),
              Set.of(declared.versions()),
              fingerprintScope(declared, bean.getBeanClass().getName()),
              declared.processingVersion(),
              declared.mode(),
              contentWindow(declared, bean.getBeanClass().getName()),
              handle.get()));
    }
    LOG.info(() -> "Inbox consumers: " + classByConsumer);
    return discovered;
  }

  /** The consumer's content window, or null when it has none; a start refused when unreadable. */
  private static Duration contentWindow(InboxConsumer declared, String handlerClass) {
    if (declared.contentWindow().isEmpty()) {
      return null;
    }
    try {
      return Durations.positive(
          "%s (consumer '%s') declares contentWindow".formatted(handlerClass, declared.name()),
          declared.contentWindow(),
          "PT10M, or leave it empty to compare ids only");
    } catch (IllegalArgumentException unreadable) {
      throw new IllegalStateException(unreadable.getMessage(), unreadable);
    }
  }

  /**
   * The consumers of each type, in one order on every node, by consumer name: two nodes that take
   * two deliveries of one message lock its rows in the same order, and never wait on each other.
   */
  static Map<String, List<Subscription>> byType(List<Subscription> subscriptions) {
    Map<String, List<Subscription>> byType = new HashMap<>();
    subscriptions.stream()
        .sorted(Comparator.comparing(Subscription::consumer))
        .forEach(
            subscription ->
                subscription
                    .types()
                    .forEach(
                        type ->
                            byType
                                .computeIfAbsent(type, t -> new ArrayList<>())
                                .add(subscription)));
    byType.replaceAll((type, consumers) -> List.copyOf(consumers));
    return Map.copyOf(byType);
  }

  /** Observing start-up creates this bean, so a misdeclared handler fails the deployment. */
  void validateAtStartup(@Observes Startup startup) {
    LOG.fine(() -> byType.size() + " message types have consumers");
  }

  /** Every deployed consumer, with the message types it handles. */
  public Map<String, Set<String>> typesByConsumer() {
    Map<String, Set<String>> types = new TreeMap<>();
    byType.forEach(
        (type, subscriptions) ->
            subscriptions.forEach(
                subscription ->
                    types
                        .computeIfAbsent(subscription.consumer(), c -> new TreeSet<>())
                        .add(type)));
    return types;
  }

  /** The consumer of a name, empty when none is deployed. */
  Optional<Subscription> named(String consumer) {
    return Optional.ofNullable(byName.get(consumer));
  }

  /** The names of the consumers in store-then-process mode. */
  public List<String> storingFirst() {
    return byName.values().stream()
        .filter(Subscription::storesFirst)
        .map(Subscription::consumer)
        .sorted()
        .toList();
  }

  /** The consumers of a message type, empty when none is deployed. */
  List<Subscription> of(String type) {
    return byType.getOrDefault(type, List.of());
  }

  private static InboxConsumer declaration(Bean<InboxHandler> bean) {
    String handlerClass = bean.getBeanClass().getName();
    InboxConsumer declared =
        bean.getQualifiers().stream()
            .filter(InboxConsumer.class::isInstance)
            .map(InboxConsumer.class::cast)
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        handlerClass
                            + " implements InboxHandler but has no @InboxConsumer: annotate it with"
                            + " @InboxConsumer(name = \"<stable consumer name>\", types = {...})"));
    if (declared.name().isBlank() || declared.name().length() > Limits.CONSUMER_NAME) {
      throw new IllegalStateException(
          "%s declares consumer name '%s': a consumer name must be 1 to %d characters"
              .formatted(handlerClass, declared.name(), Limits.CONSUMER_NAME));
    }
    if (declared.types().length == 0
        || List.of(declared.types()).stream().anyMatch(String::isBlank)) {
      throw new IllegalStateException(
          "%s (consumer '%s') declares no message types, or a blank one: list the types it handles"
              .formatted(handlerClass, declared.name()));
    }
    return declared;
  }

  private static FingerprintScope fingerprintScope(InboxConsumer declared, String handlerClass) {
    try {
      return new FingerprintScope(
          List.of(declared.fingerprintIncludes()), List.of(declared.fingerprintExcludes()));
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          "%s (consumer '%s') declares a fingerprint part that cannot be used: %s"
              .formatted(handlerClass, declared.name(), e.getMessage()),
          e);
    }
  }

  private Map<String, List<String>> typesToConsumers() {
    Map<String, List<String>> view = new TreeMap<>();
    byType.forEach(
        (type, subscriptions) ->
            view.put(type, subscriptions.stream().map(Subscription::consumer).toList()));
    return view;
  }
}
