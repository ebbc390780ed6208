package dev.inbox.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

/** A row of {@code inbox_console_action}: one operator's action, by its id. Times are UTC. */
@Entity
@Table(name = "inbox_console_action")
class ConsoleActionRecord {

  @Id
  @Column(name = "action_id", length = ConsoleActions.ID, nullable = false, updatable = false)
  private String id;

  @Column(name = "action", length = 20, nullable = false, updatable = false)
  private String action;

  @Column(name = "queue_name", length = 20, nullable = false, updatable = false)
  private String queue;

  @Column(
      name = "selection",
      length = ConsoleActions.SELECTION,
      nullable = false,
      updatable = false)
  private String selection;

  @Column(name = "requested_by", length = 100, nullable = false, updatable = false)
  private String requestedBy;

  @Column(name = "reason", length = 1000, nullable = false, updatable = false)
  private String reason;

  @Column(name = "requested_at", nullable = false, updatable = false)
  private LocalDateTime requestedAt;

  @Column(name = "completed_at")
  private LocalDateTime completedAt;

  @Column(name = "messages")
  private Integer messages;

  /** For JPA. */
  protected ConsoleActionRecord() {}

  ConsoleActionRecord(ConsoleActions.Action action) {
    this.id = action.id();
    this.action = action.action();
    this.queue = action.queue();
    this.selection = action.selection();
    this.requestedBy = action.requestedBy();
    this.reason = action.reason();
    this.requestedAt = action.requestedAt();
  }

  ConsoleActions.Action read() {
    return new ConsoleActions.Action(
        id, action, queue, selection, requestedBy, reason, requestedAt, completedAt, messages);
  }
}
