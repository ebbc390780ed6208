package dev.inbox.store;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * External effects that handlers reported as uncertain: written at once in a transaction of their
 * own, read by the next delivery of the message, settled when that delivery commits.
 */
@ApplicationScoped
public class UncertainEffects {

  private static final Logger LOG = Logger.getLogger(UncertainEffects.class.getName());

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  private final EffectWrites writes;
  private final Enlistment enlistment;

  @Inject
  UncertainEffects(EffectWrites writes, Enlistment enlistment) {
    this.writes = writes;
    this.enlistment = enlistment;
  }

  /** For the CDI proxy. */
  protected UncertainEffects() {
    this.writes = null;
    this.enlistment = null;
  }

  /**
   * Records a report, in a transaction of its own that commits although the delivery rolls back.
   *
   * @return whether it was written; when the database cannot take it, the report is logged at
   *     SEVERE with everything an operator needs to reconcile it, and the handler goes on
   */
  public boolean report(EffectEntry.Key key, String detail, int delivery) {
    try {
      RacedWrites.write(() -> writes.report(key, detail, delivery));
      return true;
    } catch (RuntimeException e) {
      LOG.log(
          Level.SEVERE,
          e,
          () ->
              "Could not record an uncertain external effect (%s, delivery %d: %s); reconcile it by hand"
                  .formatted(key, delivery, detail));
      return false;
    }
  }

  /** The unsettled reports of a consumer and message, oldest first, in the caller's transaction. */
  public List<EffectEntry> unsettled(String consumer, String messageId) {
    enlistment.joined();
    return em.createQuery(
            "select e from EffectEntry e where e.consumerName = :consumer"
                + " and e.messageId = :messageId and e.settledAt is null"
                + " order by e.firstReported",
            EffectEntry.class)
        .setParameter("consumer", consumer)
        .setParameter("messageId", messageId)
        // A second read in one delivery sees reports made since, not the instances of the first.
        .setHint("eclipselink.refresh", "true")
        .getResultList();
  }

  /**
   * Settles, in the caller's transaction, the reports a handler read, unless one was reported again
   * since: a report made after the read stays unsettled.
   *
   * @return how many were settled
   */
  public int settle(List<EffectEntry> read, LocalDateTime at) {
    enlistment.joined();
    int settled = 0;
    for (EffectEntry entry : read) {
      EffectEntry.Key key = entry.key();
      settled +=
          em.createQuery(
                  "update EffectEntry e set e.settledAt = :at where e.consumerName = :consumer"
                      + " and e.messageId = :messageId and e.target = :target"
                      + " and e.idempotencyKey = :key and e.reports = :reports"
                      + " and e.settledAt is null")
              .setParameter("at", at)
              .setParameter("consumer", key.consumerName())
              .setParameter("messageId", key.messageId())
              .setParameter("target", key.target())
              .setParameter("key", key.idempotencyKey())
              .setParameter("reports", entry.reports())
              .executeUpdate();
    }
    return settled;
  }

  /** Unsettled reports per consumer, for the gauge. */
  public Map<String, Long> unsettledByConsumer() {
    Map<String, Long> count = new HashMap<>();
    for (Object[] row :
        em.createQuery(
                "select e.consumerName, count(e) from EffectEntry e where e.settledAt is null"
                    + " group by e.consumerName",
                Object[].class)
            .getResultList()) {
      count.put((String) row[0], ((Number) row[1]).longValue());
    }
    return count;
  }
}
