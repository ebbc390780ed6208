package dev.inbox.it.scenarios;

import dev.inbox.it.Broker;
import dev.inbox.it.Producer;
import dev.inbox.it.handlers.Cures;
import dev.inbox.it.handlers.PoisonHandler;
import dev.inbox.it.stored.StoredHandler;
import dev.inbox.operations.ParkedMessages;
import dev.inbox.store.PendingMessage;
import dev.inbox.testkit.TestMessage;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.util.List;
import java.util.Optional;

/**
 * A message quarantined after its handler failed on every attempt, a store-then-process message
 * parked so, and the fix of a handler.
 */
@Path("")
@RequestScoped
public class Scenarios {

  private static final String GROUP = "JMSXGroupID";

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Cures cures;
  @Inject private ParkedMessages parking;

  /** Sends a message its handler fails on, and answers once it is quarantined. */
  @POST
  @Path("quarantined/{id}")
  public void quarantined(@PathParam("id") String id) {
    producer.send(TestMessage.of(id, id, PoisonHandler.TYPE, "{\"order\": 7}"));
    broker.settledWhen("quarantined after its attempts", () -> broker.quarantined(id).size() == 1);
  }

  /**
   * Sends a message the store-then-process handler fails on, and one of its ordering key behind it
   * ({@code <id>-next}); answers once the first is parked, holding the second.
   */
  @POST
  @Path("parked/{id}")
  public void parked(@PathParam("id") String id) {
    producer.send(
        List.of(
            TestMessage.of(id, id, StoredHandler.TYPE, "{\"poison\": true}").with(GROUP, id),
            TestMessage.of(id, id + "-next", StoredHandler.TYPE, "{\"n\": 2}").with(GROUP, id)));
    broker.settledWhen(
        "parked after its attempts",
        () ->
            parking
                .state(StoredHandler.CONSUMER, id)
                .equals(Optional.of(PendingMessage.State.PARKED)));
  }

  /** The handler stops failing on the message. */
  @POST
  @Path("cured/{id}")
  public void cured(@PathParam("id") String id) {
    cures.cure(id);
  }
}
