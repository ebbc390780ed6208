package dev.inbox.example;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.UniqueConstraint;
import java.time.LocalDateTime;
import java.util.Objects;
import java.util.UUID;

/**
 * A follow-up task created after a sales meeting: one per meeting of an opportunity. The table's
 * natural key says so too, beside the inbox: a second task for the same meeting fails its insert,
 * whatever message asked for it (docs/around-the-inbox.md).
 */
@Entity
@Table(
    name = "followup_task",
    uniqueConstraints =
        @UniqueConstraint(
            name = "uq_followup_task_meeting",
            columnNames = {"opportunity_id", "meeting_id"}))
public class FollowUpTask {

  @Id
  @Column(length = 36)
  private String id;

  @Column(name = "opportunity_id", length = 100, nullable = false)
  private String opportunityId;

  @Column(name = "meeting_id", length = 100, nullable = false)
  private String meetingId;

  @Column(name = "assignee", length = 100)
  private String assignee;

  @Column(name = "title", length = 300, nullable = false)
  private String title;

  @Column(name = "created_at", nullable = false)
  private LocalDateTime createdAt;

  /** For JPA. */
  protected FollowUpTask() {}

  FollowUpTask(
      String opportunityId, String meetingId, String assignee, String title, LocalDateTime at) {
    this.id = UUID.randomUUID().toString();
    this.opportunityId = requireText(opportunityId, "opportunityId");
    this.meetingId = requireText(meetingId, "meetingId");
    this.assignee = assignee;
    this.title = requireText(title, "title");
    this.createdAt = Objects.requireNonNull(at, "createdAt");
  }

  private static String requireText(String value, String name) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(name + " is required");
    }
    return value;
  }
}
