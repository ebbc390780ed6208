package dev.inbox.console;

import dev.inbox.store.AppliedBodies;
import dev.inbox.store.InboxEntry;
import dev.inbox.store.MessageHistory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.List;
import java.util.Optional;

/**
 * Compares a message quarantined as a {@code payload-mismatch} with the one its consumer applied
 * under the same id: their fingerprints always, and, where the applied body is kept and both are
 * JSON, what differs.
 */
@ApplicationScoped
public class Collisions {

  private final MessageHistory history;

  @Inject
  Collisions(MessageHistory history) {
    this.history = history;
  }

  /** For the CDI proxy. */
  protected Collisions() {
    this(null);
  }

  /**
   * The collision of a quarantined copy.
   *
   * @param held the copy
   * @param fingerprint the fingerprint it carries, or null
   * @param body its body as text, or null when it has none or it is bytes
   * @param withBody whether the caller may see bodies and their values
   */
  Collision of(HeldMessage held, String fingerprint, String body, boolean withBody) {
    Optional<InboxEntry> applied =
        history.rows(held.messageId()).stream()
            .filter(row -> row.consumerName().equals(held.consumer()))
            .findFirst();
    if (applied.isEmpty()) {
      return new Collision(
          fingerprint,
          null,
          null,
          false,
          null,
          null,
          "the consumer's row of this id is gone (retention, or a reprocessing request): nothing"
              + " to compare with");
    }
    InboxEntry row = applied.get();
    Optional<AppliedBodies.Kept> kept = history.appliedBody(held.consumer(), held.messageId());
    List<Collision.Change> changes =
        kept.filter(k -> k.kind().equals("text"))
            .flatMap(k -> changes(k.body(), body, withBody))
            .orElse(null);
    return new Collision(
        fingerprint,
        row.payloadHash(),
        row.processedAt(),
        kept.isPresent(),
        withBody ? kept.map(AppliedBodies.Kept::body).orElse(null) : null,
        changes,
        note(changes != null, kept.isPresent(), body != null));
  }

  private static String note(boolean compared, boolean appliedKept, boolean textCopy) {
    if (compared) {
      return "the changes turn the applied body into this one";
    }
    if (!appliedKept) {
      return "the applied body is not kept: compare the fingerprints (with"
          + " inbox.console.keep-applied-bodies=true the console shows what changed)";
    }
    if (!textCopy) {
      return "this copy has no text body (bytes, or inbox.quarantine.keep-body=false): compare the"
          + " fingerprints";
    }
    return "the bodies are compared field by field only when both are JSON: compare them as they"
        + " are";
  }

  /** The JSON Patch from the applied body to the quarantined one, when both are JSON. */
  private static Optional<List<Collision.Change>> changes(
      String applied, String quarantined, boolean withValues) {
    Optional<JsonStructure> from = json(applied);
    Optional<JsonStructure> to = json(quarantined);
    if (from.isEmpty() || to.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        Json.createDiff(from.get(), to.get()).toJsonArray().stream()
            .map(JsonValue::asJsonObject)
            .map(operation -> change(operation, withValues))
            .toList());
  }

  private static Collision.Change change(JsonObject operation, boolean withValue) {
    JsonValue value = operation.get("value");
    return new Collision.Change(
        operation.getString("op"),
        operation.getString("path"),
        withValue && value != null ? value.toString() : null);
  }

  private static Optional<JsonStructure> json(String text) {
    if (text == null) {
      return Optional.empty();
    }
    try (JsonReader reader = Json.createReader(new StringReader(text))) {
      return Optional.of(reader.read());
    } catch (JsonException | IllegalStateException e) {
      return Optional.empty();
    }
  }
}
