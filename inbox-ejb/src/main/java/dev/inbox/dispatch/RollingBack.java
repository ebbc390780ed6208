package dev.inbox.dispatch;

/**
 * A delivery whose transaction is already bound to roll back (a lost race, a failed handler), fired
 * as a CDI event at once: a transaction marked for rollback takes no synchronization, so the
 * observers of its end would not run (Payara refuses to register them and logs an error).
 *
 * @param delivery the delivery
 */
public record RollingBack(Delivery delivery) {}
