package dev.inbox.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.inbox.spi.Payload;
import org.junit.jupiter.api.Test;

class BodyAtRestTest {

  @Test
  void aTextIsKeptAsItIs() {
    Payload text = Payload.ofText("{\"order\":\"é-1\"}");
    assertEquals(BodyAtRest.TEXT, BodyAtRest.of(text));
    assertEquals("{\"order\":\"é-1\"}", BodyAtRest.TEXT.keep(text));
    assertEquals(text, roundTrip(text));
  }

  @Test
  void aTextWithNulIsKeptInBase64AndComesBackAText() {
    Payload text = Payload.ofText("a\u0000b");
    assertEquals(BodyAtRest.TEXT_BASE64, BodyAtRest.of(text));
    assertFalse(BodyAtRest.TEXT_BASE64.keep(text).contains("\u0000"));
    assertEquals(text, roundTrip(text));
  }

  @Test
  void bytesAreKeptInBase64AndComeBackBytes() {
    Payload bytes = Payload.ofBytes(new byte[] {0, -1, 65});
    assertEquals(BodyAtRest.BYTES, BodyAtRest.of(bytes));
    assertEquals("AP9B", BodyAtRest.BYTES.keep(bytes));
    assertEquals(bytes, roundTrip(bytes));
  }

  @Test
  void anUnknownKindIsRefusedByName() {
    IllegalArgumentException refused =
        assertThrows(IllegalArgumentException.class, () -> BodyAtRest.ofCode("json"));
    assertEquals("no body kind is called json", refused.getMessage());
  }

  private static Payload roundTrip(Payload payload) {
    BodyAtRest kind = BodyAtRest.of(payload);
    return BodyAtRest.ofCode(kind.code()).restore(kind.keep(payload));
  }
}
