package ${package};

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.UUID;

/** A shipment of one order: the handler's business effect. */
@Entity
@Table(name = "shipment")
public class Shipment {

  @Id
  @Column(length = 36)
  private String id;

  @Column(name = "order_id", length = 100, nullable = false)
  private String orderId;

  @Column(name = "address", length = 400, nullable = false)
  private String address;

  /** For JPA. */
  protected Shipment() {}

  public Shipment(String orderId, String address) {
    this.id = UUID.randomUUID().toString();
    this.orderId = orderId;
    this.address = address;
  }

  public String getOrderId() {
    return orderId;
  }

  public String getAddress() {
    return address;
  }
}
