package dev.inbox.store;

import jakarta.ejb.EJBException;
import jakarta.transaction.TransactionalException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Where a handler's failure came from, as failures are grouped by: the class of the exception it
 * threw and the first frame of that exception's stack (the class, method, file and line it was
 * thrown at). Either is null when unknown, and each is cut to its column's width.
 *
 * @param type the exception's class name
 * @param frame the first frame, as {@code com.acme.Billing.charge(Billing.java:42)}
 */
public record ErrorCause(String type, String frame) {

  /** The width of {@code inbox_failure.error_type}. */
  public static final int TYPE_LENGTH = 300;

  /** The width of {@code inbox_failure.error_frame}. */
  public static final int FRAME_LENGTH = 500;

  public ErrorCause {
    type = Columns.cut(type, TYPE_LENGTH);
    frame = Columns.cut(frame, FRAME_LENGTH);
  }

  /**
   * The cause of a failure: the class of what the handler threw, inside the wrappers a container or
   * a proxy puts around it (which would group every failure of a bean as one), and the frame it was
   * thrown at.
   */
  public static ErrorCause of(Throwable failure) {
    Throwable thrown = failure;
    while (isWrapper(thrown) && thrown.getCause() != null) {
      thrown = thrown.getCause();
    }
    StackTraceElement[] stack = thrown.getStackTrace();
    return new ErrorCause(thrown.getClass().getName(), stack.length == 0 ? null : frame(stack[0]));
  }

  private static boolean isWrapper(Throwable failure) {
    return failure instanceof EJBException
        || failure instanceof TransactionalException
        || failure instanceof InvocationTargetException
        || failure instanceof UndeclaredThrowableException
        || failure instanceof CompletionException
        || failure instanceof ExecutionException;
  }

  /**
   * A frame without the class loader's and module's names that {@link StackTraceElement#toString()}
   * adds, which change with each deployment and would split one cause into several.
   */
  private static String frame(StackTraceElement frame) {
    String file = frame.getFileName() == null ? "Unknown Source" : frame.getFileName();
    String line = frame.getLineNumber() < 0 ? "" : ":" + frame.getLineNumber();
    return "%s.%s(%s%s)".formatted(frame.getClassName(), frame.getMethodName(), file, line);
  }
}
