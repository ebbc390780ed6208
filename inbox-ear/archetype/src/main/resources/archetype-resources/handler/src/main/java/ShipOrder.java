package ${package};

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.Optional;

/**
 * Ships each placed order once. The inbox calls it in the delivery's transaction, after recording
 * the message for consumer {@value CONSUMER}: the shipment and that record commit together, or
 * neither does, so a redelivered message finds the record and is not handled again.
 */
@ApplicationScoped
@InboxConsumer(name = ShipOrder.CONSUMER, types = ShipOrder.TYPE)
public class ShipOrder implements InboxHandler {

  public static final String CONSUMER = "shipping";
  public static final String TYPE = "order.placed";

  @PersistenceContext(unitName = "shipping")
  private EntityManager em;

  /**
   * One shipment per order, whatever message asks for it: a second message about the same order,
   * under another message id, is recorded as a duplicate of the first and not handled.
   */
  @Override
  public Optional<String> businessKey(Envelope message) {
    return Optional.of(OrderPlaced.of(message).orderId() + "/ship");
  }

  @Override
  public void handle(Envelope message, InboxContext context) {
    OrderPlaced order = OrderPlaced.of(message);
    em.persist(new Shipment(order.orderId(), order.address()));
  }
}
