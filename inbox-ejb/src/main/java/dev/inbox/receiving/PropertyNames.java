package dev.inbox.receiving;

import java.util.Map;

/**
 * The message properties that carry a message's identity, type, contract version and tenant, and
 * the rules for reading them. A producer-set property comes first; otherwise the CloudEvents JMS
 * binding is accepted, where the identity is {@code ce_source} plus {@code ce_id} and the type is
 * {@code ce_type}.
 */
record PropertyNames(String messageId, String type, String contractVersion, String tenant) {

  static final String CE_ID = "ce_id";
  static final String CE_SOURCE = "ce_source";
  static final String CE_TYPE = "ce_type";

  /**
   * The message's identity, or null when it has none. A CloudEvents identity joins source and id
   * with a space, which a source (a URI reference) cannot contain, so two events never share one.
   */
  String identity(Map<String, Object> properties) {
    String own = text(properties, messageId);
    if (own != null) {
      return own;
    }
    String ceSource = text(properties, CE_SOURCE);
    String ceId = text(properties, CE_ID);
    return ceSource != null && ceId != null ? ceSource + " " + ceId : null;
  }

  /**
   * The {@code ce_source} the identity was made of, or null when it was not made of CloudEvents
   * properties.
   */
  String cloudEventsSource(Map<String, Object> properties) {
    return text(properties, messageId) == null ? text(properties, CE_SOURCE) : null;
  }

  String type(Map<String, Object> properties) {
    String own = text(properties, type);
    return own != null ? own : text(properties, CE_TYPE);
  }

  /** A property's value as text, or null when it is absent or blank. */
  static String text(Map<String, Object> properties, String name) {
    Object value = properties.get(name);
    if (value == null) {
      return null;
    }
    String text = value.toString();
    return text.isBlank() ? null : text;
  }
}
