package dev.inbox.bench.handler;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;

/**
 * The business work, the same for the inbox handler and for the plain MDB it is compared with: one
 * row, flushed before the listener returns, and the message's latency taken at commit.
 */
@ApplicationScoped
public class BusinessWork {

  @PersistenceContext(unitName = "inbox-bench")
  private EntityManager em;

  @Inject private Latency latency;

  public void apply(String messageId, Instant producedAt) {
    em.persist(new BenchEffect(messageId));
    em.flush();
    latency.recordAtCommit(producedAt);
  }
}
