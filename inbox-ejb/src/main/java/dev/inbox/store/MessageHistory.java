package dev.inbox.store;

import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Optional;

/**
 * What the inbox's tables remember of one message: each consumer's row, each consumer's entry in
 * the failure ledger, and each store-then-process consumer's stored copy, as committed.
 *
 * <p>A session bean, not a CDI bean: on Payara, a CDI bean of this module with a persistence
 * context cannot be injected into a bean of another module (the inbox's web module).
 */
@Stateless
public class MessageHistory {

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  /** The consumers' rows of a message id, by consumer name. */
  public List<InboxEntry> rows(String messageId) {
    return em.createQuery(
            "select e from InboxEntry e where e.messageId = :id order by e.consumerName",
            InboxEntry.class)
        .setParameter("id", messageId)
        .getResultList();
  }

  /** The body kept of a message a consumer applied ({@code inbox.console.keep-applied-bodies}). */
  public Optional<AppliedBodies.Kept> appliedBody(String consumer, String messageId) {
    return Optional.ofNullable(
            em.find(AppliedBody.class, new ConsumerMessageKey(consumer, messageId)))
        .map(AppliedBody::read);
  }

  /** The failure-ledger entries of a message id, by consumer name. */
  public List<FailureEntry> failures(String messageId) {
    return em.createQuery(
            "select f from FailureEntry f where f.messageId = :id order by f.consumerName",
            FailureEntry.class)
        .setParameter("id", messageId)
        .getResultList();
  }

  /** The stored copies of a message id, one per store-then-process consumer that took it in. */
  public List<PendingMessage> stored(String messageId) {
    return em.createQuery(
            "select m from PendingMessage m where m.messageId = :id order by m.consumerName",
            PendingMessage.class)
        .setParameter("id", messageId)
        .getResultList();
  }
}
