package dev.inbox.http;

import jakarta.json.Json;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Problem responses (RFC 9457): what was wrong, and what to do, as JSON. */
public final class Problems {

  /** {@code application/problem+json}. */
  public static final MediaType PROBLEM_JSON = new MediaType("application", "problem+json");

  private Problems() {}

  /**
   * @param type the problem's code, after {@code urn:inbox:<area>:}
   */
  public static Response.ResponseBuilder of(
      int status, String area, String type, String title, String detail) {
    String body =
        Json.createObjectBuilder()
            .add("type", "urn:inbox:" + area + ":" + type)
            .add("title", title)
            .add("status", status)
            .add("detail", detail)
            .build()
            .toString();
    return Response.status(status).entity(body).type(PROBLEM_JSON);
  }
}
