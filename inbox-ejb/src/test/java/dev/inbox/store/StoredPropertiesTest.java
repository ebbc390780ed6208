package dev.inbox.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StoredPropertiesTest {

  @Test
  void eachPropertyComesBackWithTheJavaTypeJmsGaveIt() {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put("JMSXGroupID", "order-7");
    properties.put("JMSXDeliveryCount", 2);
    properties.put("inbox_produced_at", 1_764_000_000_000L);
    properties.put("priority", (short) 3);
    properties.put("flag", (byte) 1);
    properties.put("urgent", true);
    properties.put("ratio", 0.5d);
    properties.put("weight", 1.5f);
    properties.put("quoted", "a \"b\" \\ c");

    assertEquals(properties, StoredProperties.read(StoredProperties.write(properties)));
  }
}
