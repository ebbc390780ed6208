package dev.inbox.receiving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeyScopeTest {

  @Test
  void noScopeKeepsTheIdAsItIs() {
    assertEquals(
        new KeyScope.Scoped("", null), new KeyScope(List.of()).of(Map.of("tenantId", "a")));
  }

  @Test
  void theScopesValuesComeBeforeTheIdInOrder() {
    KeyScope.Scoped scoped =
        new KeyScope(List.of("tenantId", "source"))
            .of(Map.of("tenantId", "acme", "source", "/billing"));

    assertEquals("acme /billing ", scoped.prefix());
    assertNull(scoped.problem());
  }

  @Test
  void aMissingOrBlankValueCannotBeScoped() {
    KeyScope tenant = new KeyScope(List.of("tenantId"));

    assertTrue(tenant.of(Map.of()).problem().contains("does not carry"));
    assertTrue(tenant.of(Map.of("tenantId", " ")).problem().contains("does not carry"));
    assertNull(tenant.of(Map.of()).prefix());
  }

  @Test
  void namesAreStrippedAndABlankOrRepeatedNameRefused() {
    assertEquals(
        List.of("tenantId", "source"), new KeyScope(List.of("tenantId", " source")).properties());
    assertThrows(IllegalArgumentException.class, () -> new KeyScope(List.of("tenantId", " ")));
    assertThrows(
        IllegalArgumentException.class, () -> new KeyScope(List.of("tenantId", "tenantId")));
  }

  @Test
  void aRedrivenCopyKeepsItsScopeOnlyWhenItsSealedIdentityStartsWithIt() {
    KeyScope tenant = new KeyScope(List.of("tenantId"));

    assertEquals("acme ", tenant.ofCopy("acme evt-1", Map.of("tenantId", "acme")).prefix());
    assertTrue(
        tenant.ofCopy("evt-1", Map.of("tenantId", "acme")).problem().contains("send the message"));
    assertTrue(
        tenant.ofCopy("acme evt-1", Map.of("tenantId", "globex")).problem().contains("acme evt-1"));
  }

  @Test
  void aValueWithWhiteSpaceCannotBeScopedSoThatNoTwoKeysMerge() {
    // "a b" + "c" and "a" + "b c" would both be "a b c".
    assertTrue(
        new KeyScope(List.of("tenantId"))
            .of(Map.of("tenantId", "a b"))
            .problem()
            .contains("white space"));
  }
}
