package dev.inbox.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponse.Status;
import org.junit.jupiter.api.Test;

class InboxReadinessTest {

  private final ReadinessParts parts = new ReadinessParts();
  private final InboxReadiness readiness = new InboxReadiness(parts);

  @Test
  void beforeTheModuleRegistersAnyPartTheInboxIsNotReady() {
    HealthCheckResponse answer = readiness.call();

    assertEquals(Status.DOWN, answer.getStatus());
    assertEquals("inbox", answer.getName());
  }

  @Test
  void everyPartUpIsReadyWithEachPartsStatusAndDataUnderItsName() {
    parts.add(
        "database",
        () -> HealthCheckResponse.named("database").up().withData("schema-version", 1).build());
    parts.add("broker", () -> HealthCheckResponse.up("broker"));

    HealthCheckResponse answer = readiness.call();

    assertEquals(Status.UP, answer.getStatus());
    assertEquals(
        Map.of("database", "UP", "database.schema-version", 1L, "broker", "UP"),
        answer.getData().orElseThrow());
  }

  @Test
  void onePartDownMakesTheInboxNotReady() {
    parts.add("database", () -> HealthCheckResponse.up("database"));
    parts.add(
        "retention",
        () -> HealthCheckResponse.named("retention").down().withData("loaded", false).build());

    HealthCheckResponse answer = readiness.call();

    assertEquals(Status.DOWN, answer.getStatus());
    assertEquals(
        Map.of("database", "UP", "retention", "DOWN", "retention.loaded", false),
        answer.getData().orElseThrow());
  }

  @Test
  void aPartThatThrowsIsDownNamingTheExceptionsClassOnly() {
    parts.add(
        "broker",
        () -> {
          throw new IllegalStateException("connection refused");
        });

    HealthCheckResponse answer = readiness.call();

    assertEquals(Status.DOWN, answer.getStatus());
    assertEquals(
        Map.of("broker", "DOWN", "broker.error", "java.lang.IllegalStateException"),
        answer.getData().orElseThrow());
  }
}
