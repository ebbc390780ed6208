package dev.inbox.operations;

import jakarta.ejb.ApplicationException;

/**
 * An operator's request the inbox refuses, with what was wrong and what to do: thrown to the caller
 * as it is (not wrapped as a system failure), after rolling back whatever the request did.
 */
@ApplicationException(rollback = true)
public class RequestRefused extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  public RequestRefused(String message) {
    super(message);
  }
}
