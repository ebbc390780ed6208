package dev.inbox.store;

import dev.inbox.spi.Payload;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.Base64;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The bodies of applied messages, kept with their rows when {@code
 * inbox.console.keep-applied-bodies} is true, so that the console can show what a message that
 * reused an applied message's id changed. They go with their rows: retention and reprocessing
 * delete both.
 */
@ApplicationScoped
public class AppliedBodies {

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  private final Enlistment enlistment;
  private final Clock clock;
  private final boolean keepBodies;

  @Inject
  AppliedBodies(
      Enlistment enlistment,
      Clock clock,
      @ConfigProperty(name = "inbox.console.keep-applied-bodies", defaultValue = "false")
          boolean keepBodies) {
    this.enlistment = enlistment;
    this.clock = clock;
    this.keepBodies = keepBodies;
  }

  /** For the CDI proxy. */
  protected AppliedBodies() {
    this(null, null, false);
  }

  /**
   * A kept body.
   *
   * @param kind {@code text}, or {@code bytes} for a body kept in Base64
   * @param body the body
   * @param keptAt when it was kept, in UTC
   */
  public record Kept(String kind, String body, LocalDateTime keptAt) {

    static Kept of(Payload payload, LocalDateTime at) {
      return payload.text()
          ? new Kept("text", payload.asText(), at)
          : new Kept("bytes", Base64.getEncoder().encodeToString(payload.bytes()), at);
    }
  }

  /**
   * Keeps the body of a message the consumer applied, in the delivery's transaction, after its row,
   * when {@code inbox.console.keep-applied-bodies} is true; otherwise does nothing. A body kept
   * before (the message applied again under a new processing version) is replaced.
   */
  public void keep(String consumer, String messageId, Payload payload) {
    if (!keepBodies) {
      return;
    }
    enlistment.joined();
    Kept kept = Kept.of(payload, LocalDateTime.now(clock));
    AppliedBody before = em.find(AppliedBody.class, new InboxEntry.Key(consumer, messageId));
    if (before == null) {
      em.persist(new AppliedBody(consumer, messageId, kept));
    } else {
      before.replace(kept);
    }
  }

  /** Deletes the bodies kept of a consumer's messages, in the caller's transaction. */
  void forget(String consumer, List<String> messageIds) {
    em.createQuery(
            "delete from AppliedBody b where b.consumerName = :consumer"
                + " and b.messageId in :ids")
        .setParameter("consumer", consumer)
        .setParameter("ids", messageIds)
        .executeUpdate();
  }
}
