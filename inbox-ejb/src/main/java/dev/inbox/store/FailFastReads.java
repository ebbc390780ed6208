package dev.inbox.store;

import org.eclipse.persistence.config.SessionCustomizer;
import org.eclipse.persistence.sessions.DatabaseLogin;
import org.eclipse.persistence.sessions.Session;

/**
 * Turns off EclipseLink's retry of a read that lost its connection. By default EclipseLink retries
 * a read outside a transaction three times, five seconds apart, and {@link CommittedRows} reads
 * outside the delivery's transaction: with the database away, every delivery then held its thread
 * and its broker session for some twenty seconds before it failed. The inbox has its own retry, the
 * broker's redelivery with its back-off, which counts the attempts; so a read fails at once, and
 * the delivery is rolled back and redelivered on the broker's schedule.
 */
public class FailFastReads implements SessionCustomizer {

  @Override
  public void customize(Session session) {
    DatabaseLogin login = session.getLogin();
    login.setQueryRetryAttemptCount(0);
    login.setDelayBetweenConnectionAttempts(0);
  }
}
