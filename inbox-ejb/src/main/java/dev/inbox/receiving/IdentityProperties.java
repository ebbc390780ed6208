package dev.inbox.receiving;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The message properties, as configured, that the inbox reads a message's identity, type, contract
 * version and tenant from, and those that scope its key ({@code inbox.key-scope}): read once, for
 * every part of the inbox that reads or writes messages (the delivery path, the webhook endpoint,
 * the console).
 */
@ApplicationScoped
public class IdentityProperties {

  private final PropertyNames names;
  private final KeyScope keyScope;

  @Inject
  IdentityProperties(
      @ConfigProperty(name = "inbox.message-id-property", defaultValue = "messageId")
          String messageIdProperty,
      @ConfigProperty(name = "inbox.type-property", defaultValue = "messageType")
          String typeProperty,
      @ConfigProperty(name = "inbox.contract-version-property", defaultValue = "contractVersion")
          String contractVersionProperty,
      @ConfigProperty(name = "inbox.tenant-property", defaultValue = "tenantId")
          String tenantProperty,
      // A string, not a list: Payara's MicroProfile Config cannot inject an optional list.
      @ConfigProperty(name = "inbox.key-scope") Optional<String> keyScope) {
    this.names =
        new PropertyNames(messageIdProperty, typeProperty, contractVersionProperty, tenantProperty);
    this.keyScope =
        new KeyScope(keyScope.map(scope -> List.of(scope.split(",", -1))).orElse(List.of()));
  }

  /** For the CDI proxy. */
  protected IdentityProperties() {
    this.names = null;
    this.keyScope = null;
  }

  /** The property that carries a message's id ({@code inbox.message-id-property}). */
  public String messageId() {
    return names.messageId();
  }

  /** The property that carries a message's type ({@code inbox.type-property}). */
  public String type() {
    return names.type();
  }

  /**
   * Every property that keys, types, versions or scopes a message: the four above and the key
   * scope's, in name order.
   */
  public Set<String> keying() {
    Set<String> keying = new TreeSet<>(keyScope.properties());
    Stream.of(names.messageId(), names.type(), names.contractVersion(), names.tenant())
        .forEach(keying::add);
    return Collections.unmodifiableSet(keying);
  }

  PropertyNames names() {
    return names;
  }

  KeyScope keyScope() {
    return keyScope;
  }
}
