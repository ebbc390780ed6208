package dev.inbox.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RacedWritesTest {

  private static final PersistenceException MARIADB_DEADLOCK =
      new PersistenceException(new SQLException("Deadlock found", "40001", 1213));
  private static final PersistenceException UNIQUE_VIOLATION =
      new PersistenceException(new SQLException("duplicate key", "23505", 0));

  @Test
  void aWriteThatLostARaceIsTriedAgainUntilItSucceeds() {
    AtomicInteger tries = new AtomicInteger();

    RacedWrites.write(
        () -> {
          if (tries.incrementAndGet() == 1) {
            throw UNIQUE_VIOLATION;
          }
          if (tries.get() == 2) {
            throw MARIADB_DEADLOCK;
          }
        });

    assertEquals(3, tries.get());
  }

  @Test
  void aWriteThatKeepsLosingFailsWithItsLastFailure() {
    AtomicInteger tries = new AtomicInteger();

    PersistenceException thrown =
        assertThrows(
            PersistenceException.class,
            () ->
                RacedWrites.write(
                    () -> {
                      tries.incrementAndGet();
                      throw MARIADB_DEADLOCK;
                    }));

    assertSame(MARIADB_DEADLOCK, thrown);
    assertEquals(RacedWrites.ATTEMPTS, tries.get());
  }

  @Test
  void anyOtherFailureIsNotTriedAgain() {
    AtomicInteger tries = new AtomicInteger();
    PersistenceException down =
        new PersistenceException(new SQLException("connection refused", "08001", 0));

    assertThrows(
        PersistenceException.class,
        () ->
            RacedWrites.write(
                () -> {
                  tries.incrementAndGet();
                  throw down;
                }));

    assertEquals(1, tries.get());
  }
}
