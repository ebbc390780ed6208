package dev.inbox.it.partner;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Response;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A partner's payment API, deployed next to the inbox so that handlers call a real HTTP endpoint:
 * it charges once per idempotency key, answers a repeated key with the first charge, tells whether
 * it knows a key, and misbehaves as a test scripts it for a key (drops its answer, fails after
 * charging, fails before charging).
 */
@ApplicationScoped
@Path("charges")
public class Partner {

  /** What the partner does with the next request for a key. */
  public enum Behaviour {
    /** Charges and answers. */
    ANSWER,
    /**
     * Charges and keeps the answer until the caller's read timeout has ended the call: it is given
     * (a 504, to nobody) when the next request for the key arrives, while the deployment is up.
     */
    CHARGE_AND_DROP_THE_ANSWER,
    /** Charges, then fails with 500. */
    CHARGE_AND_FAIL,
    /** Fails with 503 before charging. */
    FAIL_BEFORE_CHARGING
  }

  /** A request the partner received. */
  public record Call(String method, String idempotencyKey) {}

  private final Map<String, String> charges = new ConcurrentHashMap<>();
  private final AtomicInteger made = new AtomicInteger();
  private final Map<String, Deque<Behaviour>> scripts = new ConcurrentHashMap<>();
  private final List<Call> calls = new CopyOnWriteArrayList<>();
  private final Map<String, List<AsyncResponse>> dropped = new ConcurrentHashMap<>();

  /** Scripts the next requests for a key; once the script is used up, the partner answers. */
  public void script(String idempotencyKey, Behaviour... next) {
    scripts.put(idempotencyKey, new ArrayDeque<>(List.of(next)));
  }

  /** The requests for a key, in order. */
  public List<Call> calls(String idempotencyKey) {
    return calls.stream().filter(call -> call.idempotencyKey().equals(idempotencyKey)).toList();
  }

  /** How many charges the partner made for a key: 0 or 1. */
  public int charged(String idempotencyKey) {
    return charges.containsKey(idempotencyKey) ? 1 : 0;
  }

  /** The charge made for a key, or null. */
  public String chargeOf(String idempotencyKey) {
    return charges.get(idempotencyKey);
  }

  @POST
  public void charge(
      @HeaderParam("Idempotency-Key") String key, String order, @Suspended AsyncResponse answer) {
    calls.add(new Call("POST", String.valueOf(key)));
    if (key == null) {
      answer.resume(Response.status(400).entity("Idempotency-Key is missing").build());
      return;
    }
    answerDropped(key);
    Behaviour behaviour = next(key);
    if (behaviour == Behaviour.FAIL_BEFORE_CHARGING) {
      answer.resume(Response.status(503).build());
      return;
    }
    String charge = charges.computeIfAbsent(key, k -> "charge-" + made.incrementAndGet());
    switch (behaviour) {
      case CHARGE_AND_DROP_THE_ANSWER ->
          dropped.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>()).add(answer);
      case CHARGE_AND_FAIL -> answer.resume(Response.serverError().build());
      default -> answer.resume(Response.ok(charge).build());
    }
  }

  @GET
  @Path("{key}")
  public Response find(@PathParam("key") String key) {
    calls.add(new Call("GET", key));
    answerDropped(key);
    String charge = charges.get(key);
    return charge == null ? Response.status(404).build() : Response.ok(charge).build();
  }

  /** Gives the answers kept for a key, long after their callers stopped waiting. */
  private void answerDropped(String key) {
    List<AsyncResponse> kept = dropped.remove(key);
    if (kept != null) {
      kept.forEach(answer -> answer.resume(Response.status(504).build()));
    }
  }

  private Behaviour next(String key) {
    Deque<Behaviour> script = scripts.get(key);
    Behaviour next = script == null ? null : script.poll();
    return next == null ? Behaviour.ANSWER : next;
  }
}
