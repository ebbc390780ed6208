package dev.inbox.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import jakarta.ejb.EJBException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class ErrorCauseTest {

  @Test
  void aFailureIsItsClassAndTheFrameItWasThrownAtWithoutTheClassLoadersName() {
    IllegalStateException failure = new IllegalStateException("no stock");
    failure.setStackTrace(
        new StackTraceElement[] {
          new StackTraceElement(
              "deployment.shop.ear", null, null, "com.acme.Stock", "reserve", "Stock.java", 42),
          new StackTraceElement("com.acme.Orders", "place", "Orders.java", 7)
        });

    assertEquals(
        new ErrorCause("java.lang.IllegalStateException", "com.acme.Stock.reserve(Stock.java:42)"),
        ErrorCause.of(failure));
  }

  @Test
  void aContainersWrapperIsSeenThrough() {
    IllegalStateException thrown = new IllegalStateException("no stock");
    thrown.setStackTrace(
        new StackTraceElement[] {
          new StackTraceElement("com.acme.Stock", "reserve", "Stock.java", 42)
        });

    assertEquals(
        new ErrorCause("java.lang.IllegalStateException", "com.acme.Stock.reserve(Stock.java:42)"),
        ErrorCause.of(new EJBException(new CompletionException(thrown))));
  }

  @Test
  void aFrameWithoutAFileOrLineSaysSo() {
    RuntimeException failure = new RuntimeException();
    failure.setStackTrace(
        new StackTraceElement[] {new StackTraceElement("com.acme.Proxy", "invoke", null, -1)});
    assertEquals("com.acme.Proxy.invoke(Unknown Source)", ErrorCause.of(failure).frame());

    failure.setStackTrace(new StackTraceElement[0]);
    assertNull(ErrorCause.of(failure).frame(), "an exception without a stack has no frame");
  }

  @Test
  void longNamesAreCutToTheirColumns() {
    ErrorCause cause = new ErrorCause("x".repeat(400), "y".repeat(600));
    assertEquals(ErrorCause.TYPE_LENGTH, cause.type().length());
    assertEquals(ErrorCause.FRAME_LENGTH, cause.frame().length());
  }
}
