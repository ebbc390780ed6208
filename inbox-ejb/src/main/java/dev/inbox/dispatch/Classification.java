package dev.inbox.dispatch;

import dev.inbox.spi.MessageRejectedException;
import dev.inbox.store.FailureKind;
import jakarta.validation.ConstraintViolationException;

/**
 * Whether a failure may pass if the message is delivered again. A handler's rejection and a Bean
 * Validation failure are permanent: the same message fails the same way every time. Anything else
 * (a timeout, a lock conflict, an unreachable system, a bug that a deployment may fix) is
 * transient.
 */
final class Classification {

  private Classification() {}

  static FailureKind of(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof MessageRejectedException
          || cause instanceof ConstraintViolationException) {
        return FailureKind.PERMANENT;
      }
    }
    return FailureKind.TRANSIENT;
  }

  /** A one-line summary of a failure, for the ledger and the quarantine: no stack, no payload. */
  static String summary(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String summary = describe(failure);
    return root == failure ? summary : summary + " (caused by " + describe(root) + ")";
  }

  private static String describe(Throwable failure) {
    String message = failure.getMessage();
    String type = failure.getClass().getName();
    return message == null ? type : type + ": " + message.lines().findFirst().orElse("");
  }
}
