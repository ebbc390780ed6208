package dev.inbox.store;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;

/**
 * The audit of operators' actions in the console ({@code inbox_console_action}). An action is
 * written before it is carried out and completed after, each in a transaction of its own: the
 * broker's management, which carries it out, takes no part in a transaction, so the row that says
 * an action began survives whatever happens next, and its id, the primary key, lets the action be
 * asked again and finished without being carried out twice.
 *
 * <p>A session bean, not a CDI bean: on Payara, a CDI bean of this module with a persistence
 * context cannot be injected into a bean of another module (the inbox's web module).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class ConsoleActions {

  /** The longest action id. */
  public static final int ID = 200;

  /** The longest selection the audit keeps. */
  public static final int SELECTION = 4000;

  @PersistenceContext(unitName = "inbox")
  private EntityManager em;

  /**
   * An action as the audit keeps it. Times are UTC.
   *
   * @param action {@code redrive} or {@code discard}
   * @param queue the held queue it acted on
   * @param selection what it selected, as the console describes it
   * @param completedAt when it was carried out, or null while it has not been
   * @param messages how many messages it moved or removed, or null while it has not been carried
   *     out
   */
  public record Action(
      String id,
      String action,
      String queue,
      String selection,
      String requestedBy,
      String reason,
      LocalDateTime requestedAt,
      LocalDateTime completedAt,
      Integer messages) {}

  /** The action with this id, as committed. */
  public Optional<Action> find(String id) {
    return Optional.ofNullable(em.find(ConsoleActionRecord.class, id))
        .map(ConsoleActionRecord::read);
  }

  /**
   * Writes an action that begins. Of two with one id, one commits and the other fails on the
   * primary key (an {@code EJBException}).
   */
  public void begin(Action action) {
    em.persist(new ConsoleActionRecord(action));
    em.flush();
  }

  /**
   * Records that an action was carried out; an action recorded so before keeps what it recorded (a
   * second run of it found nothing left to do).
   */
  public void complete(String id, int messages, LocalDateTime at) {
    em.createQuery(
            "update ConsoleActionRecord a set a.completedAt = :at, a.messages = :messages"
                + " where a.id = :id and a.completedAt is null")
        .setParameter("at", at)
        .setParameter("messages", messages)
        .setParameter("id", id)
        .executeUpdate();
  }

  /** A page of the audit, newest first. */
  @TransactionAttribute(TransactionAttributeType.SUPPORTS)
  public List<Action> list(int page, int size) {
    return em
        .createQuery(
            "select a from ConsoleActionRecord a order by a.requestedAt desc, a.id",
            ConsoleActionRecord.class)
        .setFirstResult(page * size)
        .setMaxResults(size)
        .getResultList()
        .stream()
        .map(ConsoleActionRecord::read)
        .toList();
  }
}
