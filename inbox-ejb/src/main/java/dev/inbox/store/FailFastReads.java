package dev.inbox.store;

import org.eclipse.persistence.config.SessionCustomizer;
import org.eclipse.persistence.sessions.DatabaseLogin;
import org.eclipse.persistence.sessions.Session;

/**
 * Turns off EclipseLink's retry of a read that lost its connection. By default EclipseLink retries
 * a read outside a transaction three times, five seconds apart: with the database away, each such
 * read held its thread for some twenty seconds before it failed (the store-then-process workers',
 * the sweeper's and the gauges' reads; a delivery's look-up was one before it became plain JDBC,
 * {@link CommittedRows}, and held its broker session as long). The inbox has its own retry, the
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
