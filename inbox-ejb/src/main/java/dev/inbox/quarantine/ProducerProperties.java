package dev.inbox.quarantine;

import dev.inbox.spi.QuarantineProperties;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** The properties a quarantined copy carries on from the original: the producer's own. */
final class ProducerProperties {

  /** Properties the provider sets, which a client may not set again. */
  private static final Set<String> PROVIDER_SET =
      Set.of(
          "JMSXDeliveryCount",
          "JMSXUserID",
          "JMSXAppID",
          "JMSXProducerTXID",
          "JMSXConsumerTXID",
          "JMSXRcvTimestamp",
          "JMSXState");

  private ProducerProperties() {}

  /**
   * The properties the copy carries on: the producer's, not those the provider set (JMSX ones but
   * the group, JMS_ ones), nor the broker's internal ones ({@code _AMQ_}: a duplicate-detection id
   * carried along would make the quarantine address drop a second quarantine of the message), nor
   * earlier {@code inbox_} ones (the inbox writes its own).
   */
  static Map<String, Object> of(Message message) throws JMSException {
    Map<String, Object> properties = new LinkedHashMap<>();
    for (Object name : Collections.list(message.getPropertyNames())) {
      String key = (String) name;
      if (!PROVIDER_SET.contains(key)
          && !key.startsWith("JMS_")
          && !key.startsWith("_AMQ_")
          && !key.startsWith(QuarantineProperties.PREFIX)) {
        properties.put(key, message.getObjectProperty(key));
      }
    }
    return properties;
  }
}
