package dev.inbox.receiving;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.spi.Payload;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StructuredCloudEventTest {

  private static final Map<String, Object> MARKED =
      Map.of("content_type", "application/cloudevents+json; charset=utf-8");

  @Test
  void theContentTypePropertyMarksAStructuredEvent() {
    assertTrue(StructuredCloudEvent.marks(MARKED));
    assertTrue(StructuredCloudEvent.marks(Map.of("content_type", "Application/CloudEvents+JSON")));
    assertFalse(StructuredCloudEvent.marks(Map.of("content_type", "application/json")));
    assertFalse(StructuredCloudEvent.marks(Map.of("ce_id", "A-1")));
  }

  @Test
  void theAttributesBecomeCePropertiesAndTheDataThePayload() {
    StructuredCloudEvent.Read read =
        read(
            "{\"specversion\": \"1.0\", \"id\": \"A-1\", \"source\": \"/crm\", \"type\":"
                + " \"order.created\", \"priority\": 3, \"data\": {\"order\": 1.0}}");

    assertNull(read.refused());
    assertEquals("A-1", read.properties().get("ce_id"));
    assertEquals("/crm", read.properties().get("ce_source"));
    assertEquals("order.created", read.properties().get("ce_type"));
    assertEquals("3", read.properties().get("ce_priority"), "an extension, as JSON");
    assertEquals(MARKED.get("content_type"), read.properties().get("content_type"));
    assertEquals("{\"order\":1.0}", read.payload().asText(), "the data, numbers as sent");
  }

  @Test
  void stringDataIsTheTextUnlessJsonAndBase64DataTheBytes() {
    assertEquals(
        "<order/>",
        read("{\"specversion\": \"1.0\", \"id\": \"A-1\", \"datacontenttype\":"
                + " \"application/xml\", \"data\": \"<order/>\"}")
            .payload()
            .asText());
    assertEquals(
        "\"shipped\"",
        read("{\"specversion\": \"1.0\", \"id\": \"A-1\", \"data\": \"shipped\"}")
            .payload()
            .asText(),
        "without a datacontenttype, data is JSON: a JSON string, as a binary body would carry it");
    assertEquals(
        "",
        read("{\"specversion\": \"1.0\", \"id\": \"A-1\", \"data\": null, \"subject\": null}")
            .payload()
            .asText(),
        "null is absent");
    Payload bytes =
        read("{\"specversion\": \"1.0\", \"id\": \"A-1\", \"data_base64\": \"AQID\"}").payload();
    assertFalse(bytes.text());
    assertArrayEquals(new byte[] {1, 2, 3}, bytes.bytes());
    assertEquals("", read("{\"specversion\": \"1.0\", \"id\": \"A-1\"}").payload().asText());
  }

  @Test
  void whatCannotBeReadWithoutGuessingIsRefused() {
    assertRefused("[1, 2]", "not a JSON object");
    assertRefused("{\"id\": \"A-1\"}", "specversion is missing");
    assertRefused("{\"specversion\": \"0.3\", \"id\": \"A-1\"}", "specversion is \"0.3\"");
    assertRefused("{\"specversion\": 1.0, \"id\": \"A-1\"}", "specversion is 1.0");
    assertRefused("{\"specversion\": \"1.0\", \"id\": 7}", "id is not a string");
    assertRefused(
        "{\"specversion\": \"1.0\", \"id\": \"A-1\", \"data\": 1, \"data_base64\": \"AQID\"}",
        "both data and data_base64");
    assertRefused(
        "{\"specversion\": \"1.0\", \"id\": \"A-1\", \"data_base64\": \"not base64!\"}",
        "not Base64");
    StructuredCloudEvent.Read conflicting =
        StructuredCloudEvent.read(
            Payload.ofText("{\"specversion\": \"1.0\", \"id\": \"A-1\"}"), Map.of("ce_id", "B-2"));
    assertTrue(conflicting.refused().contains("ce_id is \"B-2\""), conflicting.refused());
    StructuredCloudEvent.Read halfFromProperties =
        StructuredCloudEvent.read(
            Payload.ofText("{\"specversion\": \"1.0\", \"id\": \"A-1\"}"),
            Map.of("ce_source", "/crm"));
    assertTrue(
        halfFromProperties.refused().contains("source is absent"), halfFromProperties.refused());
    assertRefused(
        "{\"specversion\": \"1.0\", \"id\": \"A-1\", \"time\": 1733220000}",
        "time is not a string");
  }

  @Test
  void aMemberNamedTwiceIsNotReadAtAll() {
    Fingerprint.Unreadable refused =
        org.junit.jupiter.api.Assertions.assertThrows(
            Fingerprint.Unreadable.class,
            () -> read("{\"specversion\": \"1.0\", \"id\": \"A-1\", \"id\": \"B-2\"}"));
    assertTrue(refused.getMessage().contains("\"id\" twice"), refused.getMessage());
  }

  @Test
  void bytesThatAreNotUtf8AreRefused() {
    StructuredCloudEvent.Read read =
        StructuredCloudEvent.read(Payload.ofBytes(new byte[] {(byte) 0xC3, 0x28}), MARKED);
    assertTrue(read.refused().contains("not UTF-8"), read.refused());
    assertNull(
        StructuredCloudEvent.read(
                Payload.ofBytes(
                    "{\"specversion\": \"1.0\", \"id\": \"é\"}".getBytes(StandardCharsets.UTF_8)),
                MARKED)
            .refused());
  }

  private static StructuredCloudEvent.Read read(String body) {
    return StructuredCloudEvent.read(Payload.ofText(body), MARKED);
  }

  private static void assertRefused(String body, String why) {
    String refused = read(body).refused();
    assertTrue(refused != null && refused.contains(why), body + " -> " + refused);
  }
}
