package dev.inbox.store;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The failure ledger: what the inbox remembers of failed attempts, across the rollbacks that undo
 * everything else a failed delivery did. Writes happen in their own transactions.
 */
@ApplicationScoped
public class FailureLedger {

  private static final Logger LOG = Logger.getLogger(FailureLedger.class.getName());

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  private final FailureWrites writes;
  private final Enlistment enlistment;

  @Inject
  FailureLedger(FailureWrites writes, Enlistment enlistment) {
    this.writes = writes;
    this.enlistment = enlistment;
  }

  /** For the CDI proxy. */
  protected FailureLedger() {
    this.writes = null;
    this.enlistment = null;
  }

  /** The entry of a consumer and message, read in the caller's transaction. */
  public Optional<FailureEntry> find(String consumer, String messageId) {
    enlistment.joined();
    return Optional.ofNullable(
        em.find(FailureEntry.class, new ConsumerMessageKey(consumer, messageId)));
  }

  /** Entries in the ledger. */
  public long size() {
    return em.createQuery("select count(f) from FailureEntry f", Long.class).getSingleResult();
  }

  /**
   * Records a failed attempt in a transaction of its own, which commits although the delivery rolls
   * back. When the ledger itself cannot be written (the database is down), the failure is logged
   * and the delivery still rolls back: the attempt goes uncounted, nothing else is lost.
   */
  public void recordFailure(
      String consumer, String messageId, FailureKind kind, String error, ErrorCause cause) {
    try {
      RacedWrites.write(() -> writes.recordFailure(consumer, messageId, kind, error, cause));
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          e,
          () ->
              "Could not record a failed attempt of consumer %s on message %s in the failure ledger"
                  .formatted(consumer, messageId));
    }
  }

  /**
   * Forgets the failures of a message for its consumers, in a transaction of its own: a redriven
   * message starts over with all its attempts.
   *
   * @return how many entries were removed
   */
  public int clear(String messageId, List<String> consumers) {
    return writes.clear(messageId, consumers);
  }
}
