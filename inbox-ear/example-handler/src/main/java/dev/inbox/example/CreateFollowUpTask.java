package dev.inbox.example;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.io.StringReader;
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
 * semantic duplicate instead of a second task.
 */
@ApplicationScoped
@InboxConsumer(name = "crm-followup", types = "meeting.held")
public class CreateFollowUpTask implements InboxHandler {

  private static final Logger LOG = Logger.getLogger(CreateFollowUpTask.class.getName());

  @PersistenceContext(unitName = "crm")
  private EntityManager em;

  @Override
  public void handle(Envelope message, InboxContext context) {
    JsonObject meeting = json(message);
    FollowUpTask task =
        new FollowUpTask(
            meeting.getString("opportunityId", null),
            meeting.getString("meetingId", null),
            meeting.getString("assignee", null),
            "Follow up on " + meeting.getString("meetingId", "the meeting"),
            LocalDateTime.now(ZoneOffset.UTC));
    em.persist(task);
    LOG.info(
        () ->
            "Created a follow-up task for %s/%s (message %s)"
                .formatted(
                    meeting.getString("opportunityId", null),
                    meeting.getString("meetingId", null),
                    context.messageId()));
  }

  @Override
  public Optional<String> businessKey(Envelope message) {
    JsonObject meeting = json(message);
    return Optional.of(
        meeting.getString("opportunityId", "?")
            + "/"
            + meeting.getString("meetingId", "?")
            + "/create-followup");
  }

  private static JsonObject json(Envelope message) {
    try (JsonReader reader = Json.createReader(new StringReader(message.payload().asText()))) {
      return reader.readObject();
    }
  }
}
