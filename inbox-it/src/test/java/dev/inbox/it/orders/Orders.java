package dev.inbox.it.orders;

import dev.inbox.it.Settings;
import dev.inbox.it.handlers.OrderBook;
import dev.inbox.spi.Idempotent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.ServiceUnavailableException;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Creates orders, once per Idempotency-Key, as a team's resource would: transactional, its write in
 * the request's transaction, marked {@code @Idempotent}. Tests script, per order reference, how the
 * next request misbehaves.
 */
@ApplicationScoped
@Path("orders")
public class Orders {

  /** The operation's name, as metrics and the inbox's rows have it. */
  public static final String OPERATION = "create-order";

  /** How the next request for a reference behaves. */
  public enum Behaviour {
    /** Creates the order and answers. */
    ANSWER,
    /**
     * Creates the order and answers after longer than the tests' client waits: its answer is lost.
     */
    ANSWER_LATE,
    /**
     * Charges the partner (outside the transaction) with a key derived from the request's, then
     * fails: the order rolls back, the charge stays.
     */
    CHARGE_THEN_FAIL,
    /** Charges the partner with the derived key, then creates the order and answers. */
    CHARGE
  }

  /** An order as the client sends it. */
  public record Order(String reference, int amount) {}

  /** The created order, as the resource answers it. */
  public record Created(String id, String reference, int amount) {}

  private final Map<String, Deque<Behaviour>> scripts = new ConcurrentHashMap<>();

  @Inject private OrderBook book;

  /** How the next requests for a reference behave, in order; then they answer. */
  public void script(String reference, Behaviour... next) {
    scripts.computeIfAbsent(reference, r -> new ArrayDeque<>()).addAll(java.util.List.of(next));
  }

  @POST
  @Transactional
  @Idempotent(operation = OPERATION)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response create(Order order, @HeaderParam("Idempotency-Key") String key)
      throws InterruptedException {
    Behaviour behaviour = next(order.reference());
    if (behaviour == Behaviour.CHARGE || behaviour == Behaviour.CHARGE_THEN_FAIL) {
      charge("order-" + key, order);
    }
    if (behaviour == Behaviour.CHARGE_THEN_FAIL) {
      throw new ServiceUnavailableException("the shop failed after charging, on purpose");
    }
    String id = book.record(order.reference());
    if (behaviour == Behaviour.ANSWER_LATE) {
      // The scripted misbehaviour: the answer comes after the tests' client gave up on it.
      Thread.sleep(3_000);
    }
    return Response.created(URI.create("orders/" + id))
        .entity(new Created(id, order.reference(), order.amount()))
        .build();
  }

  /** Quotes an order: a method that returns its entity, not a Response. */
  @POST
  @Path("quotes")
  @Transactional
  @Idempotent(operation = "quote-order")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Created quote(Order order) {
    return new Created(book.record(order.reference()), order.reference(), order.amount());
  }

  /** Records a note, with an Idempotency-Key or without one. */
  @POST
  @Path("notes")
  @Transactional
  @Idempotent(operation = "add-note", key = Idempotent.KeyPolicy.OPTIONAL)
  @Consumes(MediaType.APPLICATION_JSON)
  public Response note(Order note) {
    book.record(note.reference());
    return Response.noContent().build();
  }

  private void charge(String key, Order order) {
    Client client = ClientBuilder.newClient();
    try {
      client
          .target(Settings.ofServer().appUrl() + "/inbox-it/partner/charges")
          .request()
          .header("Idempotency-Key", key)
          .post(Entity.json("{\"reference\": \"%s\"}".formatted(order.reference())))
          .close();
    } finally {
      client.close();
    }
  }

  private synchronized Behaviour next(String reference) {
    Deque<Behaviour> script = scripts.get(reference);
    Behaviour next = script == null ? null : script.poll();
    return next == null ? Behaviour.ANSWER : next;
  }
}
