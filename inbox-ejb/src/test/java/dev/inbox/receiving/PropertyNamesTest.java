package dev.inbox.receiving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PropertyNamesTest {

  private final PropertyNames names =
      new PropertyNames("messageId", "messageType", "contractVersion", "tenantId");

  @Test
  void theProducerSetPropertyIsTheIdentity() {
    assertEquals("evt-1", names.identity(Map.of("messageId", "evt-1", "ce_id", "x")));
  }

  @Test
  void aCloudEventIsIdentifiedBySourceAndId() {
    Map<String, Object> event =
        Map.of("ce_id", "A-234", "ce_source", "https://crm.example/events", "ce_type", "t");

    assertEquals("https://crm.example/events A-234", names.identity(event));
    assertEquals("t", names.type(event));
  }

  @Test
  void aCloudEventNeedsBothSourceAndId() {
    assertNull(names.identity(Map.of("ce_id", "A-234")));
    assertNull(names.identity(Map.of("ce_source", "/crm")));
  }

  @Test
  void blankOrMissingPropertiesAreNoIdentity() {
    assertNull(names.identity(Map.of("messageId", "  ")));
    assertNull(names.identity(Map.of()));
    assertNull(names.type(Map.of("messageType", "")));
  }

  @Test
  void nonStringPropertiesAreReadAsText() {
    assertEquals("42", names.identity(Map.of("messageId", 42L)));
  }

  @Test
  void theConfiguredPropertyNamesAreUsed() {
    PropertyNames custom = new PropertyNames("eventId", "eventType", "v", "t");

    assertEquals("e-9", custom.identity(Map.of("eventId", "e-9", "messageId", "other")));
    assertEquals("order.created", custom.type(Map.of("eventType", "order.created")));
  }
}
