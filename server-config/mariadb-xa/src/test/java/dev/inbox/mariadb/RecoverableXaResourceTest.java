package dev.inbox.mariadb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.EOFException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import javax.transaction.xa.XAException;
import org.junit.jupiter.api.Test;

class RecoverableXaResourceTest {

  @Test
  void aLostConnectionIsTheResourceManagerUnavailable() {
    XAException driver =
        driverFailure(
            new SQLNonTransientConnectionException(
                "(conn=372) Socket error", "08000", new EOFException("socket was closed")));

    XAException defined = RecoverableXaResource.defined(driver);

    assertEquals(XAException.XAER_RMFAIL, defined.errorCode);
    assertSame(driver, defined.getCause());
  }

  @Test
  void aSocketFailureBelowAnotherExceptionIsALostConnectionToo() {
    XAException driver = driverFailure(new SQLException("failed", "HY000", new EOFException()));

    assertEquals(XAException.XAER_RMFAIL, RecoverableXaResource.defined(driver).errorCode);
  }

  @Test
  void anyOtherUndefinedFailureIsAResourceManagerError() {
    XAException driver = driverFailure(new SQLException("Lock wait timeout exceeded", "HY000"));

    assertEquals(XAException.XAER_RMERR, RecoverableXaResource.defined(driver).errorCode);
  }

  @Test
  void anErrorCodeXaDefinesIsKept() {
    XAException driver = new XAException(XAException.XAER_NOTA);

    assertSame(driver, RecoverableXaResource.defined(driver));
  }

  /** What Connector/J throws: an XAException with the code 0 over the SQL failure. */
  private static XAException driverFailure(SQLException cause) {
    XAException failure = new XAException(cause.getMessage());
    failure.errorCode = 0;
    failure.initCause(cause);
    return failure;
  }
}
