package ${package};

import dev.inbox.spi.Envelope;
import jakarta.validation.constraints.NotBlank;

/**
 * An {@code order.placed} event, for example
 * {@code {"orderId":"order-1047","address":"1 Main Street, Springfield"}}. The inbox binds the body
 * to it through JSON-B and checks its constraints: a body that is not such an event is rejected
 * and quarantined, never applied and never retried.
 */
public record OrderPlaced(@NotBlank String orderId, @NotBlank String address) {

  static OrderPlaced of(Envelope message) {
    return message.payload().as(OrderPlaced.class);
  }
}
