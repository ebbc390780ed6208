package dev.inbox.web;

import dev.inbox.http.Problems;
import dev.inbox.webhooks.Receipt;
import dev.inbox.webhooks.Webhooks;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;

/**
 * Takes a partner's webhook delivery as raw bytes and answers as {@link Webhooks} decides: 202 once
 * the delivery is on the inbox queue (its transaction committed), otherwise a problem response (RFC
 * 9457) saying what was wrong and what to do. A partner that delivers again gets the same answer;
 * the inbox applies the delivery once.
 */
@Path("{source}")
@RequestScoped
public class WebhookResource {

  @Inject private Webhooks webhooks;

  @POST
  public Response receive(
      @PathParam("source") String source, @Context HttpHeaders headers, InputStream body) {
    Webhooks.Answer answer =
        webhooks.receive(
            source,
            new Webhooks.Request(
                headers.getHeaderString(HttpHeaders.CONTENT_TYPE),
                headers.getLength(),
                headers::getHeaderString,
                body));
    Receipt receipt = answer.receipt();
    if (receipt == Receipt.ACCEPTED) {
      String accepted =
          Json.createObjectBuilder()
              .add("receipt", receipt.code())
              .add("messageId", answer.messageId())
              .build()
              .toString();
      return Response.accepted(accepted).type(MediaType.APPLICATION_JSON_TYPE).build();
    }
    Response.ResponseBuilder response =
        Problems.of(receipt.status(), "webhook", receipt.code(), receipt.title(), answer.detail());
    if (receipt == Receipt.BAD_SIGNATURE) {
      // A 401 names how to authenticate: here, by the signature the source's scheme makes.
      response.header(HttpHeaders.WWW_AUTHENTICATE, "Signature realm=\"%s\"".formatted(source));
    }
    if (receipt == Receipt.UNAVAILABLE) {
      response.header(HttpHeaders.RETRY_AFTER, 10);
    }
    return response.build();
  }
}
