package dev.inbox.example;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Creates one follow-up task for each {@code meeting.held} event, for example:
 *
 * <pre>{"opportunityId":"opportunity-2481","meetingId":"meeting-184","assignee":"ana"}</pre>
 *
 * The task is persisted in the delivery's transaction, so it commits together with the inbox row.
 * The business key makes a second event about the same meeting, under another message id, a
 * semantic duplicate instead of a second task. A body that is not such an event is rejected ({@link
 * Meeting}): quarantined, never applied.
 */
@ApplicationScoped
@InboxConsumer(name = "crm-followup", types = "meeting.held")
public class CreateFollowUpTask implements InboxHandler {

  private static final Logger LOG = Logger.getLogger(CreateFollowUpTask.class.getName());

  @PersistenceContext(unitName = "crm")
  private EntityManager em;

  @Override
  public Optional<String> businessKey(Envelope message) {
    return Optional.of(Meeting.of(message).businessKey());
  }

  @Override
  public void handle(Envelope message, InboxContext context) {
    Meeting meeting = Meeting.of(message);
    em.persist(
        new FollowUpTask(
            meeting.opportunityId(),
            meeting.meetingId(),
            meeting.assignee(),
            "Follow up on " + meeting.meetingId(),
            LocalDateTime.now(ZoneOffset.UTC)));
    LOG.info(
        () ->
            "Created a follow-up task for %s (message %s)"
                .formatted(meeting.businessKey(), message.messageId()));
  }
}
