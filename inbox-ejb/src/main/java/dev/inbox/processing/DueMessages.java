package dev.inbox.processing;

import dev.inbox.store.PendingMessages;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.LocalDateTime;

/**
 * The workers' look for due messages, outside any transaction, in an EJB call of its own: the
 * persistence context of the read ends with the call. Read in the workers' round itself, on Payara
 * the read's context stayed with the round's invocation, which the tasks the round hands to the
 * executor inherit; each task closed it again, and the server logged invocation stack errors.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class DueMessages {

  @Inject private PendingMessages pending;

  /** Whether the consumer has a due message ({@link PendingMessages#anyDue}). */
  public boolean any(String consumer, LocalDateTime now, Duration gapTimeout) {
    return pending.anyDue(consumer, now, gapTimeout);
  }
}
