package dev.inbox.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import org.junit.jupiter.api.Test;

class PayloadTest {

  public record Order(String id, int quantity, String note) {}

  public record ValidOrder(@NotBlank String id, @Positive int quantity) {}

  @Test
  void aBodyIsBoundToARecordOncePerPayload() {
    Payload payload = Payload.ofText("{\"id\": \"o-1\", \"quantity\": 3, \"extra\": true}");

    Order order = payload.as(Order.class);

    assertEquals(new Order("o-1", 3, null), order, "missing fields null, unknown ones ignored");
    assertSame(order, payload.as(Order.class), "bound once: every caller gets the same object");
  }

  @Test
  void aBodyThatIsNotJsonOfTheTypeIsRejected() {
    for (String body : new String[] {"not json", "[1, 2]", "{\"quantity\": \"many\"}", "null"}) {
      MessageRejectedException rejected =
          assertThrows(
              MessageRejectedException.class, () -> Payload.ofText(body).as(Order.class), body);
      assertTrue(rejected.getMessage().contains("Order"), rejected.getMessage());
    }
  }

  @Test
  void aBoundBodyThatBreaksAConstraintIsRejectedNamingEachViolation() {
    MessageRejectedException rejected =
        assertThrows(
            MessageRejectedException.class,
            () -> Payload.ofText("{\"id\": \" \", \"quantity\": 0}").as(ValidOrder.class));

    assertTrue(rejected.getMessage().contains("not a valid ValidOrder"), rejected.getMessage());
    assertTrue(rejected.getMessage().contains("id "), rejected.getMessage());
    assertTrue(rejected.getMessage().contains("quantity "), rejected.getMessage());
    assertEquals(
        new ValidOrder("o-1", 2),
        Payload.ofText("{\"id\": \"o-1\", \"quantity\": 2}").as(ValidOrder.class));
  }

  @Test
  void bytesAreBoundAsUtf8Json() {
    Payload payload =
        Payload.ofBytes("{\"id\": \"ü-2\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8));

    assertEquals("ü-2", payload.as(Order.class).id());
    assertNull(payload.as(Order.class).note());
  }
}
