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

  KeyScope {
    properties = List.copyOf(properties);
  }

  /**
   * The scope of one message: its values, each followed by a space, to put before its id; or why it
   * cannot be scoped.
   *
   * @param prefix the values, each followed by a space; empty without a scope, null with a problem
   * @param problem why the message cannot be scoped, or null
   */
  record Scoped(String prefix, String problem) {}

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
