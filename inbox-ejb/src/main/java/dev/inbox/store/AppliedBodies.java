package dev.inbox.store;

import dev.inbox.spi.Payload;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The bodies of applied messages, kept with their rows when {@code
 * inbox.console.keep-applied-bodies} is true, so that the console can show what a message that
 * reused an applied message's id changed. They go with their rows: retention and reprocessing
 * delete both.
 */
@ApplicationScoped
public class AppliedBodies {

  /** The largest body kept, in characters (text) or bytes. */
  public static final int MAX_KEPT = 1 << 20;

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
   * @param kind {@link BodyKind#TEXT}, or {@link BodyKind#BYTES} for a body kept in Base64
   * @param body the body
   * @param keptAt when it was kept, in UTC
   */
  public record Kept(BodyKind kind, String body, LocalDateTime keptAt) {

    /**
     * The body as kept, or empty when it is too large to keep. A text with a NUL character, which
     * PostgreSQL's text columns refuse, is kept as bytes.
     */
    static Optional<Kept> of(Payload payload, LocalDateTime at) {
      ShownBody body =
          BodyAtRest.of(payload) == BodyAtRest.TEXT
              ? ShownBody.ofText(payload.asText())
              : ShownBody.ofBytes(payload.bytes());
      return body.size() > MAX_KEPT
          ? Optional.empty()
          : Optional.of(new Kept(body.kind(), body.shown(), at));
    }
  }

  /**
   * Keeps the body of a message the consumer applied, in the delivery's transaction, after its row,
   * when {@code inbox.console.keep-applied-bodies} is true; otherwise does nothing. A body kept
   * before (the message applied again under a new processing version) is replaced; one larger than
   * {@value #MAX_KEPT} characters or bytes is not kept. Written at once, so that a write the
   * database refuses fails this consumer's delivery, not the next one's.
   */
  public void keep(String consumer, String messageId, Payload payload) {
    if (!keepBodies) {
      return;
    }
    Optional<Kept> kept = Kept.of(payload, LocalDateTime.now(clock));
    if (kept.isEmpty()) {
      return;
    }
    enlistment.joined();
    AppliedBody before = em.find(AppliedBody.class, new ConsumerMessageKey(consumer, messageId));
    if (before == null) {
      em.persist(new AppliedBody(consumer, messageId, kept.get()));
    } else {
      before.replace(kept.get());
    }
    em.flush();
  }

  /**
   * Deletes the bodies kept of a consumer's messages whose rows are gone, in the caller's
   * transaction, after it deleted rows. The bodies are looked up first, so that the delete locks
   * only rows that exist (MariaDB would otherwise lock the gaps around the keys it does not find).
   */
  void forgetWithoutRows(String consumer, List<String> messageIds) {
    List<String> kept =
        em.createQuery(
                "select b.messageId from AppliedBody b where b.consumerName = :consumer"
                    + " and b.messageId in :ids and not exists (select e from InboxEntry e"
                    + " where e.consumerName = b.consumerName and e.messageId = b.messageId)",
                String.class)
            .setParameter("consumer", consumer)
            .setParameter("ids", messageIds)
            .getResultList();
    if (!kept.isEmpty()) {
      em.createQuery(
              "delete from AppliedBody b where b.consumerName = :consumer and b.messageId in :ids")
          .setParameter("consumer", consumer)
          .setParameter("ids", kept)
          .executeUpdate();
    }
  }
}
