package dev.inbox.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponse.Status;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready while every part the inbox module registered is up. The answer is one check, {@value
 * #NAME}, whose data gives each part's status under the part's name and each part's own data under
 * {@code <part>.<key>}, for example {@code database: UP} and {@code database.schema-version: 1}.
 */
@Readiness
@ApplicationScoped
public class InboxReadiness implements HealthCheck {

  /** The name of the inbox's readiness check, and of its liveness check. */
  public static final String NAME = "inbox";

  private final ReadinessParts parts;

  @Inject
  InboxReadiness(ReadinessParts parts) {
    this.parts = parts;
  }

  /** For the CDI proxy. */
  protected InboxReadiness() {
    this(null);
  }

  @Override
  public HealthCheckResponse call() {
    HealthCheckResponseBuilder response = HealthCheckResponse.named(NAME);
    Map<String, HealthCheck> all = parts.all();
    if (all.isEmpty()) {
      return response
          .down()
          .withData("started", "no: the inbox module has not registered its parts; it is starting")
          .build();
    }
    boolean up = true;
    for (Map.Entry<String, HealthCheck> part : all.entrySet()) {
      HealthCheckResponse answer = ask(part.getKey(), part.getValue());
      up &= answer.getStatus() == Status.UP;
      response.withData(part.getKey(), answer.getStatus().name());
      answer
          .getData()
          .ifPresent(
              data ->
                  data.forEach((key, value) -> with(response, part.getKey() + "." + key, value)));
    }
    return response.status(up).build();
  }

  private static HealthCheckResponse ask(String name, HealthCheck part) {
    try {
      return part.call();
    } catch (RuntimeException e) {
      return HealthCheckResponse.named(name)
          .down()
          .withData("error", e.getClass().getName())
          .build();
    }
  }

  /**
   * A value of a part's data, kept a whole number or a boolean where it is one, as the API allows.
   */
  private static void with(HealthCheckResponseBuilder response, String key, Object value) {
    if (value instanceof Boolean flag) {
      response.withData(key, flag);
    } else if (value instanceof Long || value instanceof Integer || value instanceof Short) {
      response.withData(key, ((Number) value).longValue());
    } else {
      response.withData(key, String.valueOf(value));
    }
  }
}
