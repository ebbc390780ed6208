package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.inbox.spi.MessageRejectedException;
import dev.inbox.store.FailureKind;
import jakarta.ejb.EJBException;
import jakarta.validation.ConstraintViolationException;
import java.sql.SQLException;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClassificationTest {

  @Test
  void aRejectionIsPermanentEvenWhenWrapped() {
    assertEquals(FailureKind.PERMANENT, Classification.of(new MessageRejectedException("no")));
    assertEquals(
        FailureKind.PERMANENT,
        Classification.of(new EJBException(new MessageRejectedException("no"))));
  }

  @Test
  void aBeanValidationFailureIsPermanent() {
    assertEquals(
        FailureKind.PERMANENT,
        Classification.of(new ConstraintViolationException("quantity must be positive", Set.of())));
  }

  @Test
  void everythingElseIsTransient() {
    assertEquals(FailureKind.TRANSIENT, Classification.of(new IllegalStateException("down")));
    assertEquals(
        FailureKind.TRANSIENT,
        Classification.of(new RuntimeException(new SQLException("lock timeout", "55P03"))));
  }

  @Test
  void theSummaryNamesTheFailureAndItsRootCauseOnOneLine() {
    RuntimeException failure =
        new RuntimeException(
            "could not write", new SQLException("deadlock detected\nDetail: ...", "40P01"));

    assertEquals(
        "java.lang.RuntimeException: could not write"
            + " (caused by java.sql.SQLException: deadlock detected)",
        Classification.summary(failure));
  }
}
