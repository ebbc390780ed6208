package dev.inbox.receiving;

import java.util.List;
import java.util.Map;

/**
 * The message properties that scope a message's id ({@code inbox.key-scope}), such as the tenant:
 * the inbox keys on their values and the id together, so that the same id from two tenants is two
 * messages. Each value is joined to what follows by a space, which a value may not contain, so two
 * keys never share one text.
 *
 * @param properties the scoping properties, in order; none keeps the id as it is
 */
record KeyScope(List<String> properties) {

  /**
   * @throws IllegalArgumentException when a property is named twice, or a name is blank
   */
  KeyScope {
    properties = properties.stream().map(String::strip).toList();
    if (properties.stream().anyMatch(String::isEmpty)
        || properties.stream().distinct().count() < properties.size()) {
      throw new IllegalArgumentException(
          "inbox.key-scope is %s: name each message property once, separated by commas, such as"
                  .formatted(properties)
              + " tenantId or tenantId,source");
    }
  }

  /**
   * The scope of one message: its values, each followed by a space, to put before its id; or why it
   * cannot be scoped.
   *
   * @param prefix the values, each followed by a space; empty without a scope, null with a problem
   * @param problem why the message cannot be scoped, or null
   */
  record Scoped(String prefix, String problem) {}

  /**
   * The scope of a copy the inbox quarantined itself, redriven: its sealed identity was keyed with
   * its scope, which must still be the one its properties give. Otherwise (a copy quarantined
   * because it could not be scoped, properties edited since, or another {@code inbox.key-scope}) it
   * cannot be keyed as it was, and only the producer can send it again.
   */
  Scoped ofCopy(String sealedIdentity, Map<String, Object> messageProperties) {
    Scoped scoped = of(messageProperties);
    if (scoped.problem() == null && !sealedIdentity.startsWith(scoped.prefix())) {
      return new Scoped(
          null,
          ("the quarantined copy's identity %s was not keyed with its key scope '%s'"
                  + " (inbox.key-scope): have the producer send the message again")
              .formatted(sealedIdentity, scoped.prefix().strip()));
    }
    return scoped;
  }

  Scoped of(Map<String, Object> messageProperties) {
    StringBuilder prefix = new StringBuilder();
    for (String property : properties) {
      String value = PropertyNames.text(messageProperties, property);
      if (value == null) {
        return new Scoped(
            null,
            "the key is scoped by the property %s (inbox.key-scope), which the message does not carry"
                .formatted(property));
      }
      if (value.chars().anyMatch(Character::isWhitespace)) {
        return new Scoped(
            null,
            ("%s has white space, which a key scope cannot have: the key joins its values and the id"
                    + " with spaces, and could not be told from another's")
                .formatted(property));
      }
      prefix.append(value).append(' ');
    }
    return new Scoped(prefix.toString(), null);
  }
}
