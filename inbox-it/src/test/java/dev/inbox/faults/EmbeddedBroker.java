package dev.inbox.faults;

import java.util.List;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;

/** The broker embedded in the single server, read through the server's management API. */
final class EmbeddedBroker implements BrokerView {

  private final Management management = Node.crashing().management();

  @Override
  public long depth(String queue) {
    return execute(Operations.createReadAttributeOperation(queue(queue), "message-count")).asLong();
  }

  @Override
  public long count(String queue, String selector) {
    ModelNode count = Operations.createOperation("count-messages", queue(queue));
    count.get("filter").set(selector);
    return execute(count).asLong();
  }

  @Override
  public List<String> preparedTransactionList() {
    return execute(Operations.createOperation("list-prepared-transactions", server()))
        .asList()
        .stream()
        .map(ModelNode::asString)
        .toList();
  }

  private static ModelNode server() {
    return Operations.createAddress("subsystem", "messaging-activemq", "server", "default");
  }

  private static ModelNode queue(String queue) {
    return Operations.createAddress(
        "subsystem", "messaging-activemq", "server", "default", "jms-queue", queue);
  }

  private ModelNode execute(ModelNode operation) {
    return management.execute(operation);
  }
}
