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

  void apply(Envelope message, InboxContext context) {
    invocations.count(context.consumerName(), message.messageId());
    em.persist(new TestEffect(context.consumerName(), message.messageId(), message.payload()));
    // Written before the handler returns, so a later failure has business work to roll back.
    em.flush();
  }

  /** Counts the call, then writes one effect twice under one key: the flush fails. */
  void applyTwiceUnderOneKey(Envelope message, InboxContext context) {
    invocations.count(context.consumerName(), message.messageId());
    TestEffect effect =
        new TestEffect(context.consumerName(), message.messageId(), message.payload());
    em.persist(effect);
    em.flush();
    em.detach(effect);
    em.persist(effect);
    em.flush();
  }
}
