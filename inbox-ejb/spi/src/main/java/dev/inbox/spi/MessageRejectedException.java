package dev.inbox.spi;

/**
 * Thrown by a handler for a message it will never be able to apply, however often it is delivered:
 * a business rule says no, a referenced record does not exist and never will. The delivery rolls
 * back, and the next delivery quarantines the message with reason {@code rejected} without calling
 * the handler again. Any other exception is treated as transient and retried.
 */
public class MessageRejectedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * @param reason why the message can never be applied, for the operator who finds it
   */
  public MessageRejectedException(String reason) {
    super(reason);
  }

  public MessageRejectedException(String reason, Throwable cause) {
    super(reason, cause);
  }
}
