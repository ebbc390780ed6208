package dev.inbox.quarantine;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.jms.ConnectionFactory;

/**
 * The server's default JMS connection factory, on both servers the broker's (Payara's is pointed at
 * it by {@code configure-artemis.sh}). The module opens a {@code JMSContext} of its own for each
 * use and closes it, rather than inject one: Payara's clean-up of an injected, transaction-scoped
 * context can fail when the transaction ends (seen after rollbacks), and then never returns that
 * context's pooled connection.
 */
@ApplicationScoped
public class JmsConnections {

  @Produces
  @Resource(lookup = "java:comp/DefaultJMSConnectionFactory")
  private ConnectionFactory connections;
}
