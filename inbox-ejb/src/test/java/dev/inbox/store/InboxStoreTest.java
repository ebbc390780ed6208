package dev.inbox.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import org.junit.jupiter.api.Test;

class InboxStoreTest {

  @Test
  void aUniqueViolationIsRecognisedThroughTheWrappingExceptions() {
    SQLException postgres = new SQLException("duplicate key", "23505", 0);
    SQLException mariadb =
        new SQLIntegrityConstraintViolationException("Duplicate entry", "23000", 1062);

    assertTrue(
        InboxStore.isUniqueViolation(new PersistenceException(new RuntimeException(postgres))));
    assertTrue(InboxStore.isUniqueViolation(new PersistenceException(mariadb)));
  }

  @Test
  void otherIntegrityErrorsAreRealFailures() {
    SQLException notNull = new SQLException("null value", "23502", 0);
    SQLException mariadbNotNull =
        new SQLIntegrityConstraintViolationException("null", "23000", 1048);
    SQLException lockTimeout = new SQLException("timeout", "HYT00", 50200);

    assertFalse(InboxStore.isUniqueViolation(new PersistenceException(notNull)));
    assertFalse(InboxStore.isUniqueViolation(new PersistenceException(mariadbNotNull)));
    assertFalse(InboxStore.isUniqueViolation(new PersistenceException(lockTimeout)));
    assertFalse(InboxStore.isUniqueViolation(new PersistenceException("no cause")));
  }
}
