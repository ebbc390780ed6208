package dev.inbox.web;

import dev.inbox.console.ActionRequest;
import dev.inbox.console.BrokerManagement;
import dev.inbox.console.HeldActions;
import dev.inbox.console.HeldFilter;
import dev.inbox.console.HeldQueue;
import dev.inbox.console.Parking;
import dev.inbox.http.Problems;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.io.StringReader;
import java.net.URI;
import java.util.List;

/**
 * The console's actions: redrive or discard held messages, by entries or by a filter, each with an
 * id that makes asking again harmless and a reason that the audit keeps with who asked. Only role
 * {@code inbox-operator} may act (WEB-INF/web.xml).
 *
 * <p>Against cross-site request forgery: an action is a JSON request (a form of another site cannot
 * send one without the browser asking this server first, which it does not allow), and a request
 * whose {@code Origin} names another host than the one it was sent to is refused.
 */
@Path("")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class ActionResource {

  /** The most audit entries one page holds. */
  static final int MAX_PAGE_SIZE = 200;

  @Inject private HeldActions actions;
  @Inject private Parking parking;
  @Context private SecurityContext security;

  @POST
  @Path("{queue: quarantine|dead-letters}/actions")
  @Consumes(MediaType.APPLICATION_JSON)
  public Response act(
      @PathParam("queue") String queue,
      @HeaderParam("Origin") String origin,
      @HeaderParam("Host") String host,
      String body) {
    if (origin != null && !sameHost(origin, host)) {
      return crossSite(origin);
    }
    try {
      HeldActions.Done done =
          actions.act(
              HeldQueue.ofPath(queue).orElseThrow(),
              request(body),
              security.getUserPrincipal().getName());
      return Response.ok(done).build();
    } catch (IllegalArgumentException e) {
      return problem(400, "invalid-request", "The action cannot be taken", e.getMessage());
    } catch (HeldActions.InProgress e) {
      return Problems.of(
              409, "console", "action-in-progress", "The action is under way", e.getMessage())
          .header("Retry-After", 60)
          .build();
    } catch (BrokerManagement.Unavailable e) {
      return Problems.of(
              503,
              "console",
              "broker-management-unavailable",
              "The broker did not carry the action out",
              e.getMessage() + "; ask again with the same id once it answers")
          .header("Retry-After", 10)
          .build();
    }
  }

  /**
   * Releases a parked store-then-process message, so that its ordering key flows again without it:
   * {@code {"id": ..., "action": "release", "consumer": ..., "messageId": ..., "reason": ...}}.
   */
  @POST
  @Path("parked/actions")
  @Consumes(MediaType.APPLICATION_JSON)
  public Response release(
      @HeaderParam("Origin") String origin, @HeaderParam("Host") String host, String body) {
    if (origin != null && !sameHost(origin, host)) {
      return crossSite(origin);
    }
    try {
      JsonObject json =
          object(
              body,
              "{\"id\": ..., \"action\": \"release\", \"consumer\": ..., \"messageId\": ...,"
                  + " \"reason\": ...}");
      if (!"release".equals(text(json, "action"))) {
        throw new IllegalArgumentException(
            "action is '%s': a parked message is released, \"action\": \"release\""
                .formatted(text(json, "action")));
      }
      return Response.ok(
              parking.release(
                  text(json, "id"),
                  text(json, "consumer"),
                  text(json, "messageId"),
                  text(json, "reason"),
                  security.getUserPrincipal().getName()))
          .build();
    } catch (IllegalArgumentException e) {
      return problem(400, "invalid-request", "The action cannot be taken", e.getMessage());
    }
  }

  /** The audit of actions, newest first. */
  @GET
  @Path("actions")
  public Response audit(
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    if (page < 0 || size < 1 || size > MAX_PAGE_SIZE) {
      return problem(
          400,
          "invalid-request",
          "The request cannot be read",
          "page is %d and size %d: a page is from 0, a size from 1 to %d"
              .formatted(page, size, MAX_PAGE_SIZE));
    }
    return Response.ok(actions.audit(page, size)).build();
  }

  private static ActionRequest request(String body) {
    JsonObject json =
        object(body, "{\"id\": ..., \"action\": \"redrive\", \"entries\": [...], \"reason\": ...}");
    return new ActionRequest(
        text(json, "id"),
        text(json, "action"),
        entries(json),
        json.get("filter") instanceof JsonObject filter
            ? new HeldFilter(
                text(filter, "reason"),
                text(filter, "consumer"),
                text(filter, "type"),
                text(filter, "errorType"),
                text(filter, "errorFrame"),
                HeldFilter.instant("from", text(filter, "from")),
                HeldFilter.instant("to", text(filter, "to")))
            : null,
        text(json, "reason"));
  }

  private static JsonObject object(String body, String expected) {
    try (JsonReader reader = Json.createReader(new StringReader(body))) {
      return reader.readObject();
    } catch (JsonException | IllegalStateException e) {
      throw new IllegalArgumentException("the body is not a JSON object: send " + expected);
    }
  }

  private static List<String> entries(JsonObject json) {
    if (!(json.get("entries") instanceof JsonArray entries)) {
      return null;
    }
    return entries.stream()
        .map(entry -> entry instanceof JsonString text ? text.getString() : null)
        .toList();
  }

  private static String text(JsonObject json, String name) {
    JsonValue value = json.get(name);
    if (value == null || value == JsonValue.NULL) {
      return null;
    }
    if (value instanceof JsonString text) {
      return text.getString();
    }
    throw new IllegalArgumentException(name + " must be a string");
  }

  /**
   * Whether the page that sent the request was served by the host the request went to. The scheme
   * and port are not compared: behind a proxy that ends TLS, the browser's origin is https and this
   * server's own address http.
   */
  private static boolean sameHost(String origin, String host) {
    try {
      String originHost = URI.create(origin).getHost();
      String requestHost = host == null ? null : URI.create("http://" + host).getHost();
      return originHost != null && originHost.equalsIgnoreCase(requestHost);
    } catch (IllegalArgumentException malformed) {
      return false;
    }
  }

  private static Response crossSite(String origin) {
    return problem(
        403,
        "cross-site",
        "Another site's request",
        "the request comes from %s, not from this server: actions are taken from the console's"
                .formatted(origin)
            + " own page or from a script without a browser");
  }

  private static Response problem(int status, String type, String title, String detail) {
    return Problems.of(status, "console", type, title, detail).build();
  }
}
