package dev.inbox.store;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.schema.InboxSchema;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class SchemaAtStartTest {

  @Test
  void aDatabaseWithoutTheVersionTableIsRefusedWithWhatToDo() {
    IllegalStateException refused =
        assertThrows(IllegalStateException.class, () -> SchemaAtStart.check(OptionalInt.empty()));

    assertTrue(refused.getMessage().contains("needs version " + InboxSchema.VERSION));
    assertTrue(refused.getMessage().contains("inbox.schema.migrate=true"));
  }

  @Test
  void aDatabaseBehindIsRefusedNamingBothVersions() {
    IllegalStateException refused =
        assertThrows(
            IllegalStateException.class,
            () -> SchemaAtStart.check(OptionalInt.of(InboxSchema.VERSION - 1)));

    assertTrue(
        refused
            .getMessage()
            .contains(
                "at schema version %d; this inbox needs version %d"
                    .formatted(InboxSchema.VERSION - 1, InboxSchema.VERSION)),
        refused.getMessage());
  }

  @Test
  void aDatabaseAtTheVersionOrAheadOfItIsUsed() {
    assertDoesNotThrow(() -> SchemaAtStart.check(OptionalInt.of(InboxSchema.VERSION)));
    assertDoesNotThrow(() -> SchemaAtStart.check(OptionalInt.of(InboxSchema.VERSION + 1)));
  }
}
