package dev.inbox.it.scenarios;

import dev.inbox.it.Broker;
import dev.inbox.it.Producer;
import dev.inbox.it.handlers.Cures;
import dev.inbox.it.handlers.PoisonHandler;
import dev.inbox.testkit.TestMessage;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;

/** A message quarantined after its handler failed on every attempt, and the fix of its handler. */
@Path("")
@RequestScoped
public class Scenarios {

  @Inject private Producer producer;
  @Inject private Broker broker;
  @Inject private Cures cures;

  /** Sends a message its handler fails on, and answers once it is quarantined. */
  @POST
  @Path("quarantined/{id}")
  public void quarantined(@PathParam("id") String id) {
    producer.send(TestMessage.of(id, id, PoisonHandler.TYPE, "{\"order\": 7}"));
    broker.settledWhen("quarantined after its attempts", () -> broker.quarantined(id).size() == 1);
  }

  /** The handler stops failing on the message. */
  @POST
  @Path("cured/{id}")
  public void cured(@PathParam("id") String id) {
    cures.cure(id);
  }
}
