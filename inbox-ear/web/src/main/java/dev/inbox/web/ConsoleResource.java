package dev.inbox.web;

import dev.inbox.console.HeldMessages;
import dev.inbox.console.HeldQueue;
import dev.inbox.console.LastHour;
import dev.inbox.console.Parking;
import dev.inbox.console.Traces;
import dev.inbox.http.Problems;
import dev.inbox.metrics.InboxMetrics;
import dev.inbox.metrics.Snapshot;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.jms.JMSRuntimeException;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The console's reads: a message's trace, and the quarantine and the dead-letter queue, listed,
 * grouped and in detail. Refusals are problem responses that say what was wrong; nothing here
 * changes anything.
 */
@Path("")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class ConsoleResource {

  /** The role that may see a held message's body. */
  static final String PAYLOAD_READER = "inbox-payload-reader";

  /** The most messages one page holds. */
  static final int MAX_PAGE_SIZE = 200;

  private static final Logger LOG = Logger.getLogger(ConsoleResource.class.getName());

  private static final String HELD = "{queue: quarantine|dead-letters}";

  @Inject private Traces traces;
  @Inject private HeldMessages held;
  @Inject private Parking parking;
  @Inject private InboxMetrics metrics;
  @Inject private LastHour lastHour;
  @Context private SecurityContext security;

  /** Everything the inbox knows of a message, by the identity it keys the message on. */
  @GET
  @Path("messages")
  public Response trace(@QueryParam("id") String id) {
    if (id == null || id.isEmpty()) {
      return invalid("give the message's id as the inbox keys it: messages?id=<id>");
    }
    // A message the inbox knows nothing of (yet: a redriven one on its way back) is an answer too:
    // found is false.
    return answer(() -> Response.ok(traces.of(id)).build());
  }

  /**
   * The counters: the queues' depths and the failure ledger's size as the gauges last read them (no
   * look at the broker of its own), and this server's last hour, minute by minute.
   */
  @GET
  @Path("activity")
  public Activity activity() {
    Snapshot gauges = metrics.snapshot();
    return new Activity(
        gauges.takenAt(),
        gauges.inboxQueueDepth(),
        gauges.quarantineDepth(),
        gauges.deadLetterDepth(),
        gauges.failureLedgerRows(),
        lastHour.minutes());
  }

  /**
   * A page of the parked store-then-process messages, oldest first, each with the number of its
   * key's messages waiting behind it; of one consumer, or of all.
   */
  @GET
  @Path("parked")
  public Response parked(
      @QueryParam("consumer") String consumer,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    return refusedPage(page, size)
        .orElseGet(() -> answer(() -> Response.ok(parking.list(consumer, page, size)).build()));
  }

  /** A page of a held queue's messages, filtered, oldest first. */
  @GET
  @Path(HELD)
  public Response list(
      @PathParam("queue") String queue,
      @BeanParam FilterParams filter,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    return refusedPage(page, size)
        .orElseGet(
            () ->
                answer(
                    () ->
                        Response.ok(held.list(held(queue), filter.filter(), page, size)).build()));
  }

  /** A held queue's messages grouped by cause, the largest group first. */
  @GET
  @Path(HELD + "/groups")
  public Response groups(@PathParam("queue") String queue, @BeanParam FilterParams filter) {
    return answer(() -> Response.ok(held.groups(held(queue), filter.filter())).build());
  }

  /** One held message in full; its body only for role {@value #PAYLOAD_READER}. */
  @GET
  @Path(HELD + "/entries/{entry}")
  public Response entry(@PathParam("queue") String queue, @PathParam("entry") String entry) {
    return answer(
        () ->
            held.detail(held(queue), entry, security.isUserInRole(PAYLOAD_READER))
                .map(detail -> Response.ok(detail).build())
                .orElseGet(
                    () ->
                        Problems.of(
                                404,
                                "console",
                                "unknown-entry",
                                "No such held message",
                                ("%s holds no message %s: it may have been redriven, discarded or"
                                        + " expired since the list was read")
                                    .formatted(queue, entry))
                            .build()));
  }

  /** The refusal of a page out of range; empty for one that can be read. */
  private static Optional<Response> refusedPage(int page, int size) {
    if (page >= 0 && size >= 1 && size <= MAX_PAGE_SIZE) {
      return Optional.empty();
    }
    return Optional.of(
        invalid(
            "page is %d and size %d: a page is from 0, a size from 1 to %d"
                .formatted(page, size, MAX_PAGE_SIZE)));
  }

  /**
   * The answer, with what the caller got wrong as a 400 and a broker that does not answer as a 503
   * (never cached: {@link ConsoleHeaders}).
   */
  private static Response answer(Supplier<Response> read) {
    Response response;
    try {
      response = read.get();
    } catch (IllegalArgumentException e) {
      response = invalid(e.getMessage());
    } catch (JMSRuntimeException e) {
      LOG.log(Level.WARNING, "The console could not browse the broker", e);
      response =
          Problems.of(
                  503,
                  "console",
                  "broker-unavailable",
                  "The broker did not answer",
                  "the console could not browse the broker's queues; try again, and check the"
                      + " server log if it persists")
              .header("Retry-After", 10)
              .build();
    }
    return response;
  }

  private static Response invalid(String detail) {
    return Problems.of(400, "console", "invalid-request", "The request cannot be read", detail)
        .build();
  }

  private static HeldQueue held(String path) {
    return HeldQueue.ofPath(path).orElseThrow();
  }
}
