package dev.inbox.receiving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.dispatch.FingerprintScope;
import dev.inbox.spi.Payload;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class FingerprintTest {

  @Test
  void theSameJsonWrittenDifferentlyHasOneFingerprint() {
    String compact = "{\"sku\":\"A-1\",\"quantity\":10,\"tags\":[\"x\",\"y\"]}";
    String spaced =
        "{\n  \"tags\": [ \"x\", \"y\" ],\n  \"quantity\": 10.0,\n  \"sku\": \"A-1\"\n}";

    assertEquals(fingerprint(compact), fingerprint(spaced));
  }

  @Test
  void anotherValueIsAnotherFingerprint() {
    assertNotEquals(fingerprint("{\"quantity\": 10}"), fingerprint("{\"quantity\": 12}"));
  }

  @Test
  void arrayOrderMatters() {
    assertNotEquals(fingerprint("[1, 2]"), fingerprint("[2, 1]"));
  }

  @Test
  void membersAreSortedAndStringsMinimallyEscaped() {
    String canonical =
        CanonicalJson.canonical(
            "{\"b\": \"line\\nbreak \\u00e9 \\\"q\\\" \\u0001\", \"a\": [true, null, false]}");

    assertEquals("{\"a\":[true,null,false],\"b\":\"line\\nbreak é \\\"q\\\" \\u0001\"}", canonical);
  }

  @Test
  void numbersAreWrittenByTheirValueAsEcmaScriptWritesThem() {
    assertEquals("0", CanonicalJson.number(new BigDecimal("-0.0")));
    assertEquals("1", CanonicalJson.number(new BigDecimal("1.000")));
    assertEquals("-1.5", CanonicalJson.number(new BigDecimal("-1.50")));
    assertEquals("100", CanonicalJson.number(new BigDecimal("1E+2")));
    assertEquals("0.000001", CanonicalJson.number(new BigDecimal("1e-6")));
    assertEquals("1e-7", CanonicalJson.number(new BigDecimal("1e-7")));
    assertEquals("1.5e+21", CanonicalJson.number(new BigDecimal("15e20")));
    assertEquals("1e+999999999", CanonicalJson.number(new BigDecimal("1e999999999")));
  }

  @Test
  void aBodyThatIsNotJsonIsHashedAsItsBytes() {
    byte[] bytes = "{not json".getBytes(StandardCharsets.UTF_8);

    assertEquals(fingerprint("{not json"), Fingerprint.of(Payload.ofBytes(bytes)));
    assertEquals(
        "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae",
        Fingerprint.of(Payload.ofBytes("foo".getBytes(StandardCharsets.UTF_8))));
  }

  /**
   * The inbox stores fingerprints: a redelivery after an upgrade must hash as it did before, or it
   * would be quarantined as a reused id. These are the fingerprints earlier versions computed.
   */
  @Test
  void aFingerprintIsWhatEarlierVersionsStored() {
    assertEquals(
        "924377f2b672cff51185f51ea87df45a63e7b4ba4d44ea69433bcc6dee9fb9cb",
        fingerprint("{\"sku\":\"A-1\",\"quantity\":10,\"tags\":[\"x\",\"y\"]}"));
    assertEquals(
        "7ae86fc6a99b50ccd4d4285866bca038bfd7de0aa03107eb5d5ca6b5f38ccc98",
        fingerprint(
            "  {\"b\": \"line\\nbreak \\u00e9 \\\"q\\\" \\u0001 \\ud83d\\ude00 \\ud800 \u20ac\","
                + " \"a\": [true, null, false, 1.50, -0.0, 15e20]}\n"));
    assertEquals(
        "84632ccebeb050b1ef053569427b84c956c4dc0f8034fda2e3a0181e5ea7efd0",
        fingerprint("[\"\uD83D\uDE00\", \"\u00e9\u4e2d\"]"));
    assertEquals(
        "5eb642af220604a67d14cd346d36f9ba7a800f2e36b02397eb6b4ea756b2efac",
        fingerprint("plain text \u00e9"));
    String order = "{\"order\":{\"id\":\"o-1\",\"at\":\"2026\"},\"occurredAt\":\"t\"}";
    assertEquals(
        "1f417b45318e1bd5dd6a4a9fc00bd5020faff65001ed0c24cccea7ac84f14b9f",
        scoped(order, new FingerprintScope(List.of("/order"), List.of())));
    assertEquals(
        "b2f8af44e88413dfa7f118f742a3959b8747d8e8a737ba76b58dd4d23f287aaf",
        scoped(order, new FingerprintScope(List.of(), List.of("/occurredAt"))));
  }

  /**
   * A lone surrogate cannot travel in UTF-8: a text message brings it as '?'. A text hashed where
   * it did not travel (an HTTP request's body, read into a string) is hashed as it would have
   * arrived, as earlier versions did.
   */
  @Test
  void aTextWithALoneSurrogateIsHashedAsUtf8WouldCarryIt() {
    String raw = "{\"note\":\"a\uD800b\",\"\uDC00\":1}";

    assertEquals(
        "56a98630917e0c59892dd08820ad0cebd4bdbfd7b394fc9af4c69c6c82bb81b7", Fingerprints.of(raw));
    assertEquals(fingerprint(raw), Fingerprints.of(raw));
    assertEquals(fingerprint("{\"note\":\"a?b\",\"?\":1}"), Fingerprints.of(raw));
    assertNotEquals(fingerprint("{\"note\":\"a\\ud800b\",\"?\":1}"), Fingerprints.of(raw));
  }

  /**
   * The canonical form is hashed as it is written, through small buffers: a large body, with
   * characters of two, three and four UTF-8 bytes falling on every buffer boundary, hashes as its
   * canonical text does.
   */
  @Test
  void aLargeBodyIsHashedAsItsCanonicalText() throws Exception {
    for (String unit : List.of("\uD83D\uDE00", "a\uD83D\uDE00", "\u00e9\u4e2d\uD83D\uDE00")) {
      String text = "{\"z\":1,\"body\":\"" + unit.repeat(3000) + "\",\"a\":[2.0]}";
      byte[] canonical = CanonicalJson.canonical(text).getBytes(StandardCharsets.UTF_8);

      assertEquals(
          HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical)),
          fingerprint(text));
      assertEquals(fingerprint(text), Fingerprints.of(text));
    }
  }

  @Test
  void truncatedJsonIsNotJson() {
    assertNull(CanonicalJson.canonical("{\"a\":"));
    assertNotEquals(fingerprint("{\"a\":"), fingerprint("{\"a\": "));
  }

  @Test
  void jsonWithMoreAfterItIsNotJsonAndKeepsItsTail() {
    // Read as its first value only, these two would share a fingerprint.
    assertNull(CanonicalJson.canonical("{\"a\":1} x"));
    assertNotEquals(fingerprint("{\"a\":1} x"), fingerprint("{\"a\":1} y"));
  }

  @Test
  void bytesThatLookLikeJsonAreNotCanonicalised() {
    assertNotEquals(
        Fingerprint.of(Payload.ofBytes("{\"a\": 1}".getBytes(StandardCharsets.UTF_8))),
        Fingerprint.of(Payload.ofBytes("{\"a\":1}".getBytes(StandardCharsets.UTF_8))));
  }

  @Test
  void aMemberNamedTwiceIsRefused() {
    Fingerprint.Unreadable refused =
        assertThrows(Fingerprint.Unreadable.class, () -> fingerprint("{\"a\":1,\"a\":2}"));
    assertTrue(refused.getMessage().contains("\"a\" twice"), refused.getMessage());
  }

  @Test
  void nestingDeeperThanTheLimitIsRefused() {
    int depth = CanonicalJson.MAX_DEPTH;
    fingerprint("[".repeat(depth) + "]".repeat(depth));

    String deeper = "[".repeat(depth + 1) + "]".repeat(depth + 1);
    assertThrows(Fingerprint.Unreadable.class, () -> fingerprint(deeper));
    String hostile = "[".repeat(100_000) + "]".repeat(100_000);
    assertThrows(Fingerprint.Unreadable.class, () -> fingerprint(hostile));
  }

  @Test
  void numbersTooLongOrOutOfRangeAreRefused() {
    fingerprint("[" + "9".repeat(CanonicalJson.MAX_NUMBER_LENGTH) + "]");

    assertThrows(
        Fingerprint.Unreadable.class,
        () -> fingerprint("[" + "9".repeat(CanonicalJson.MAX_NUMBER_LENGTH + 1) + "]"));
    assertThrows(Fingerprint.Unreadable.class, () -> fingerprint("[1e99999999999]"));
  }

  @Test
  void aLoneSurrogateInAJsonStringIsKeptApartFromAReplacementCharacter() {
    assertEquals("[\"a\\ud800\"]", CanonicalJson.canonical("[\"a\\ud800\"]"));
    assertNotEquals(fingerprint("[\"a\\ud800\"]"), fingerprint("[\"a?\"]"));
    assertNotEquals(fingerprint("[\"a\\ud800\"]"), fingerprint("[\"a\\ufffd\"]"));
    assertEquals("[\"\uD83D\uDE00\"]", CanonicalJson.canonical("[\"\\ud83d\\ude00\"]"), "a pair");
  }

  @Test
  void excludedPartsNeverMakeTwoBodiesDifferent() {
    FingerprintScope volatileFields =
        new FingerprintScope(List.of(), List.of("/occurredAt", "/meta/traceId", "/absent"));
    String published = "{\"order\": 7, \"occurredAt\": \"10:00\", \"meta\": {\"traceId\": \"a\"}}";
    String republished =
        "{\"meta\": {\"traceId\": \"b\"}, \"order\": 7, \"occurredAt\": \"10:05\"}";
    String anotherOrder =
        "{\"order\": 8, \"occurredAt\": \"10:00\", \"meta\": {\"traceId\": \"a\"}}";

    assertEquals(scoped(published, volatileFields), scoped(republished, volatileFields));
    assertNotEquals(scoped(published, volatileFields), scoped(anotherOrder, volatileFields));
    assertNotEquals(fingerprint(published), fingerprint(republished), "the whole body differs");
  }

  @Test
  void onlyIncludedPartsCountAndAnAbsentPartDiffersFromANullOne() {
    FingerprintScope orderAndAmount = new FingerprintScope(List.of("/order", "/amount"), List.of());

    assertEquals(
        scoped("{\"order\": 7, \"amount\": 10.0, \"note\": \"x\"}", orderAndAmount),
        scoped("{\"amount\": 10, \"order\": 7, \"note\": \"y\"}", orderAndAmount));
    assertNotEquals(
        scoped("{\"order\": 7, \"amount\": 10}", orderAndAmount),
        scoped("{\"order\": 7, \"amount\": 11}", orderAndAmount));
    assertNotEquals(
        scoped("{\"order\": 7}", orderAndAmount),
        scoped("{\"order\": 7, \"amount\": null}", orderAndAmount));
  }

  @Test
  void partsAreTakenFromWhatTheExclusionsLeave() {
    FingerprintScope orderWithoutItsTime =
        new FingerprintScope(List.of("/order"), List.of("/order/updatedAt"));

    assertEquals(
        scoped("{\"order\": {\"id\": 7, \"updatedAt\": 1}, \"x\": 1}", orderWithoutItsTime),
        scoped("{\"order\": {\"id\": 7, \"updatedAt\": 2}, \"x\": 2}", orderWithoutItsTime));
  }

  @Test
  void aBodyThatIsNotJsonIsTakenWholeWhateverTheScope() {
    FingerprintScope scope = new FingerprintScope(List.of("/order"), List.of());

    assertEquals(fingerprint("order=7"), scoped("order=7", scope));
  }

  @Test
  void aPointerThatFindsNothingNeverFails() {
    FingerprintScope scope =
        new FingerprintScope(List.of("/order/id", "/0/x"), List.of("/meta/traceId", "/items/9/a"));

    for (String body :
        List.of(
            "{\"order\": 7}",
            "{\"order\": null, \"meta\": null}",
            "{\"order\": \"a string\", \"meta\": 3}",
            "[1, 2]",
            "{\"items\": [1]}")) {
      assertEquals(64, scoped(body, scope).length(), body);
    }
    assertEquals(
        scoped("{\"order\": 7}", scope),
        scoped("{\"order\": 8}", scope),
        "neither has /order/id: both scoped to nothing");
  }

  @Test
  void excludedIndexesAreThoseOfTheBodyAsItCame() {
    FingerprintScope firstTwo = new FingerprintScope(List.of(), List.of("/items/0", "/items/1"));

    assertEquals(
        scoped("{\"items\": [\"a\", \"b\", \"c\"]}", firstTwo),
        scoped("{\"items\": [\"x\", \"y\", \"c\"]}", firstTwo));
    assertNotEquals(
        scoped("{\"items\": [\"a\", \"b\", \"c\"]}", firstTwo),
        scoped("{\"items\": [\"a\", \"b\", \"d\"]}", firstTwo));
  }

  @Test
  void escapedNamesAreFound() {
    FingerprintScope scope = new FingerprintScope(List.of("/a~1b", "/m~0n"), List.of());

    assertNotEquals(
        scoped("{\"a/b\": 1, \"m~n\": 2}", scope), scoped("{\"a/b\": 1, \"m~n\": 3}", scope));
  }

  @Test
  void jsonWithMoreAfterItIsTakenWholeWhateverTheScope() {
    FingerprintScope order = new FingerprintScope(List.of("/order"), List.of());

    assertNotEquals(
        scoped("{\"order\": 7}\n{\"order\": 9}", order),
        scoped("{\"order\": 7}\n{\"order\": 8}", order));
  }

  @Test
  void aPointerThatIsNotOneOrExcludesTheWholeBodyIsRefused() {
    assertThrows(
        IllegalArgumentException.class, () -> new FingerprintScope(List.of("/a~2"), List.of()));
    assertThrows(
        IllegalArgumentException.class, () -> new FingerprintScope(List.of("/a~"), List.of()));
    assertThrows(
        IllegalArgumentException.class,
        () -> new FingerprintScope(List.of("occurredAt"), List.of()));
    assertThrows(
        IllegalArgumentException.class, () -> new FingerprintScope(List.of(), List.of("")));
  }

  private static String scoped(String text, FingerprintScope scope) {
    return Fingerprint.of(Payload.ofText(text), scope);
  }

  private static String fingerprint(String text) {
    return Fingerprint.of(Payload.ofText(text));
  }
}
