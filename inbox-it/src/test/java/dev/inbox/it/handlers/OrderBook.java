package dev.inbox.it.handlers;

import dev.inbox.spi.Payload;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * The business write of the test shop's idempotent resource ({@code dev.inbox.it.orders}): one
 * effect row per order it creates, in the caller's transaction, so that a test counts how often the
 * resource really ran.
 */
@ApplicationScoped
public class OrderBook {

  /** The effects' consumer name, for {@link Rows#effects}. */
  public static final String CONSUMER = "it-orders";

  @PersistenceContext(unitName = "inbox-it")
  private EntityManager em;

  /** Writes and flushes the order's effect row; returns the order's id. */
  public String record(String reference) {
    TestEffect effect = new TestEffect(CONSUMER, reference, Payload.ofText(reference), 1, false);
    em.persist(effect);
    em.flush();
    return effect.id();
  }
}
