package dev.inbox.operations;

import jakarta.ejb.ApplicationException;

/**
 * An operator's request the inbox refuses, with what was wrong and what to do: thrown to the caller
 * as it is, not wrapped as a system failure. A request is refused before it writes anything, so the
 * caller's transaction, when it has one, is left as it was.
 */
@ApplicationException(rollback = false)
public class RequestRefused extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  public RequestRefused(String message) {
    super(message);
  }
}
