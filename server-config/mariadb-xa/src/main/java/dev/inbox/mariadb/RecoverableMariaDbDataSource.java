package dev.inbox.mariadb;

import java.sql.SQLException;
import javax.sql.XAConnection;
import org.mariadb.jdbc.MariaDbDataSource;

/**
 * MariaDB's XA data source, whose XA resources report a lost connection as {@code XAER_RMFAIL}.
 *
 * <p>MariaDB Connector/J (3.5 and 4.0 alike) gives an XA command that failed for any reason but one
 * of MariaDB's own XA errors the error code 0, which XA does not define. A transaction manager can
 * only take such an answer to a prepare or a commit as a heuristic hazard: it stops trying, and the
 * branch stays prepared in MariaDB, with its row locks, until an operator resolves it by hand. A
 * connection lost in the middle of the commit, the most common failure of all, then needs a person.
 * Reported as {@code XAER_RMFAIL} ("the resource manager is unavailable"), as the XA specification
 * asks, the same failure is retried by the transaction manager's recovery, which finishes the
 * branch once the database is back.
 *
 * <p>Configured in place of {@code org.mariadb.jdbc.MariaDbDataSource} as the XA data source class,
 * with the same properties.
 */
public class RecoverableMariaDbDataSource extends MariaDbDataSource {

  @Override
  public XAConnection getXAConnection() throws SQLException {
    return new RecoverableXaConnection(super.getXAConnection());
  }

  @Override
  public XAConnection getXAConnection(String user, String password) throws SQLException {
    return new RecoverableXaConnection(super.getXAConnection(user, password));
  }
}
