package dev.inbox.mariadb;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.ConnectionEventListener;
import javax.sql.StatementEventListener;
import javax.sql.XAConnection;
import javax.transaction.xa.XAResource;

/** The driver's XA connection, whose XA resource is a {@link RecoverableXaResource}. */
final class RecoverableXaConnection implements XAConnection {

  private final XAConnection driver;

  RecoverableXaConnection(XAConnection driver) {
    this.driver = driver;
  }

  @Override
  public XAResource getXAResource() throws SQLException {
    return new RecoverableXaResource(driver.getXAResource());
  }

  @Override
  public Connection getConnection() throws SQLException {
    return driver.getConnection();
  }

  @Override
  public void close() throws SQLException {
    driver.close();
  }

  @Override
  public void addConnectionEventListener(ConnectionEventListener listener) {
    driver.addConnectionEventListener(listener);
  }

  @Override
  public void removeConnectionEventListener(ConnectionEventListener listener) {
    driver.removeConnectionEventListener(listener);
  }

  @Override
  public void addStatementEventListener(StatementEventListener listener) {
    driver.addStatementEventListener(listener);
  }

  @Override
  public void removeStatementEventListener(StatementEventListener listener) {
    driver.removeStatementEventListener(listener);
  }
}
