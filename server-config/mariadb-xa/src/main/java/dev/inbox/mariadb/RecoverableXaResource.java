package dev.inbox.mariadb;

import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;

/**
 * The driver's XA resource, answering with an error code that XA defines where the driver answers
 * with 0 ({@link RecoverableMariaDbDataSource} says why): {@code XAER_RMFAIL} when the connection
 * was lost, which a transaction manager retries in recovery, and {@code XAER_RMERR} otherwise.
 * Every other answer passes through unchanged.
 */
final class RecoverableXaResource implements XAResource {

  private final XAResource driver;

  RecoverableXaResource(XAResource driver) {
    this.driver = driver;
  }

  @Override
  public void start(Xid xid, int flags) throws XAException {
    try {
      driver.start(xid, flags);
    } catch (XAException e) {
      throw defined(e);
    }
  }

  @Override
  public void end(Xid xid, int flags) throws XAException {
    try {
      driver.end(xid, flags);
    } catch (XAException e) {
      throw defined(e);
    }
  }

  @Override
  public int prepare(Xid xid) throws XAException {
    try {
      return driver.prepare(xid);
    } catch (XAException e) {
      throw defined(e);
    }
  }

  @Override
  public void commit(Xid xid, boolean onePhase) throws XAException {
    try {
      driver.commit(xid, onePhase);
    } catch (XAException e) {
      throw defined(e);
    }
  }

  @Override
  public void rollback(Xid xid) throws XAException {
    try {
      driver.rollback(xid);
    } catch (XAException e) {
      throw defined(e);
    }
  }

  @Override
  public void forget(Xid xid) throws XAException {
    try {
      driver.forget(xid);
    } catch (XAException e) {
      throw defined(e);
    }
  }

  @Override
  public Xid[] recover(int flag) throws XAException {
    try {
      return driver.recover(flag);
    } catch (XAException e) {
      throw defined(e);
    }
  }

  @Override
  public boolean isSameRM(XAResource other) throws XAException {
    XAResource resource = other instanceof RecoverableXaResource wrapped ? wrapped.driver : other;
    return driver.isSameRM(resource);
  }

  @Override
  public int getTransactionTimeout() throws XAException {
    return driver.getTransactionTimeout();
  }

  @Override
  public boolean setTransactionTimeout(int seconds) throws XAException {
    return driver.setTransactionTimeout(seconds);
  }

  /**
   * The driver's exception when its error code is one XA defines; otherwise the same failure with
   * {@code XAER_RMFAIL} when the connection was lost, or {@code XAER_RMERR}.
   */
  static XAException defined(XAException e) {
    if (e.errorCode != 0) {
      return e;
    }
    XAException defined = new XAException(e.getMessage());
    defined.errorCode = connectionLost(e) ? XAException.XAER_RMFAIL : XAException.XAER_RMERR;
    defined.initCause(e);
    return defined;
  }

  /** Whether a cause says the connection to the database is gone (SQL state class 08). */
  private static boolean connectionLost(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLNonTransientConnectionException
          || cause instanceof SQLTransientConnectionException
          || cause instanceof IOException
          || (cause instanceof SQLException sql
              && sql.getSQLState() != null
              && sql.getSQLState().startsWith("08"))) {
        return true;
      }
    }
    return false;
  }
}
