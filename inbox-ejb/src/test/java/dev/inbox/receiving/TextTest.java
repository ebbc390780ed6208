package dev.inbox.receiving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TextTest {

  @Test
  void wellFormedTextHasNoProblem() {
    assertNull(Text.problem("evt-1 é \uD83D\uDE00"));
  }

  @Test
  void aLoneSurrogateOrAControlCharacterIsNamedWithItsIndex() {
    assertEquals("a lone surrogate (U+D800) at index 1", Text.problem("a\uD800b"));
    assertEquals("a lone surrogate (U+DC00) at index 0", Text.problem("\uDC00"));
    assertEquals("a control character (U+0000) at index 3", Text.problem("evt\u0000"));
    assertEquals("a control character (U+000A) at index 1", Text.problem("a\nb"));
  }

  @Test
  void theUtf8LengthIsCountedWithoutEncoding() {
    for (String text : new String[] {"", "abc", "é", "€", "\uD83D\uDE00", "a\u0000b"}) {
      assertEquals(text.getBytes(StandardCharsets.UTF_8).length, Text.utf8Length(text), text);
    }
  }
}
