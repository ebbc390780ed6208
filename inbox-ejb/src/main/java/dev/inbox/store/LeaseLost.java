package dev.inbox.store;

import jakarta.ejb.ApplicationException;

/**
 * An idempotent request ran past its lease, and another request with its key took the key over: its
 * work rolls back, so that the key's effects are the other request's alone.
 */
@ApplicationException(rollback = true)
public class LeaseLost extends RuntimeException {

  private static final long serialVersionUID = 1L;

  LeaseLost(IdempotentRequests.Key key) {
    super(
        ("the idempotent request %s ran past its lease (inbox.idempotency.lease), and another"
                + " request with its key took over: its work rolls back")
            .formatted(key));
  }
}
