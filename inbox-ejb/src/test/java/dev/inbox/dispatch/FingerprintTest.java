package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.inbox.spi.Payload;
import jakarta.json.Json;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FingerprintTest {

  @Test
  void theSameJsonWrittenDifferentlyHasOneFingerprint() {
    String compact = "{\"sku\":\"A-1\",\"quantity\":10,\"tags\":[\"x\",\"y\"]}";
    String spaced =
        "{\n  \"tags\": [ \"x\", \"y\" ],\n  \"quantity\": 10.0,\n  \"sku\": \"A-1\"\n}";

    assertEquals(Fingerprint.of(Payload.ofText(compact)), Fingerprint.of(Payload.ofText(spaced)));
  }

  @Test
  void anotherValueIsAnotherFingerprint() {
    assertNotEquals(
        Fingerprint.of(Payload.ofText("{\"quantity\": 10}")),
        Fingerprint.of(Payload.ofText("{\"quantity\": 12}")));
  }

  @Test
  void arrayOrderMatters() {
    assertNotEquals(
        Fingerprint.of(Payload.ofText("[1, 2]")), Fingerprint.of(Payload.ofText("[2, 1]")));
  }

  @Test
  void membersAreSortedAndStringsMinimallyEscaped() {
    String canonical =
        Fingerprint.canonical(
            Json.createReader(
                    new StringReader(
                        "{\"b\": \"line\\nbreak \\u00e9 \\\"q\\\" \\u0001\", \"a\": [true, null]}"))
                .readValue());

    assertEquals("{\"a\":[true,null],\"b\":\"line\\nbreak é \\\"q\\\" \\u0001\"}", canonical);
  }

  @Test
  void numbersAreWrittenByTheirValueAsEcmaScriptWritesThem() {
    assertEquals("0", Fingerprint.number(new BigDecimal("-0.0")));
    assertEquals("1", Fingerprint.number(new BigDecimal("1.000")));
    assertEquals("-1.5", Fingerprint.number(new BigDecimal("-1.50")));
    assertEquals("100", Fingerprint.number(new BigDecimal("1E+2")));
    assertEquals("0.000001", Fingerprint.number(new BigDecimal("1e-6")));
    assertEquals("1e-7", Fingerprint.number(new BigDecimal("1e-7")));
    assertEquals("1.5e+21", Fingerprint.number(new BigDecimal("15e20")));
  }

  @Test
  void aBodyThatIsNotJsonIsHashedAsItsBytes() {
    byte[] bytes = "{not json".getBytes(StandardCharsets.UTF_8);

    assertEquals(
        Fingerprint.of(Payload.ofText("{not json")), Fingerprint.of(Payload.ofBytes(bytes)));
    assertEquals(
        "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae",
        Fingerprint.of(Payload.ofBytes("foo".getBytes(StandardCharsets.UTF_8))));
  }

  @Test
  void bytesThatLookLikeJsonAreNotCanonicalised() {
    assertNotEquals(
        Fingerprint.of(Payload.ofBytes("{\"a\": 1}".getBytes(StandardCharsets.UTF_8))),
        Fingerprint.of(Payload.ofBytes("{\"a\":1}".getBytes(StandardCharsets.UTF_8))));
  }
}
