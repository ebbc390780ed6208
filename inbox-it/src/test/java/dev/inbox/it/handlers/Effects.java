package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** What every test handler does: count the call, then write one effect row and flush it. */
@ApplicationScoped
public class Effects {

  @PersistenceContext(unitName = "inbox-it")
  private EntityManager em;

  @Inject private Invocations invocations;

  public void apply(Envelope message, InboxContext context) {
    invocations.count(context.consumerName(), message.messageId());
    em.persist(effect(message, context));
    // Written before the handler returns, so a later failure has business work to roll back.
    em.flush();
  }

  /** Counts the call, then writes one effect twice under one key: the flush fails. */
  void applyTwiceUnderOneKey(Envelope message, InboxContext context) {
    invocations.count(context.consumerName(), message.messageId());
    TestEffect effect = effect(message, context);
    em.persist(effect);
    em.flush();
    em.detach(effect);
    em.persist(effect);
    em.flush();
  }

  /**
   * The effect of a delivery, noting whether this persistence unit's connection sees the inbox row
   * that the inbox wrote for it: only the delivery's own transaction can, before it commits.
   */
  private TestEffect effect(Envelope message, InboxContext context) {
    Number rows =
        (Number)
            em.createNativeQuery(
                    "select count(*) from inbox_entry where consumer_name = ?1 and message_id = ?2")
                .setParameter(1, context.consumerName())
                .setParameter(2, message.messageId())
                .getSingleResult();
    return new TestEffect(
        context.consumerName(),
        message.messageId(),
        message.payload(),
        context.deliveryCount(),
        rows.intValue() == 1);
  }
}
