/**
 * Dispatch: what happens to one delivery, as a straight line. What the broker delivered ({@link
 * dev.inbox.dispatch.Received}) is admitted or refused ({@link dev.inbox.dispatch.Admission}); then
 * decided, for the message as a whole or for each consumer of its type in consumer-name order
 * ({@link dev.inbox.dispatch.Decide}, pure, asking the store only when a case needs it); each
 * {@link dev.inbox.dispatch.Decision} is carried out in one place ({@link
 * dev.inbox.dispatch.Effects}) and ends in a typed {@link dev.inbox.dispatch.Verdict}; and the
 * delivery's end, once its transaction has completed, is one event ({@link
 * dev.inbox.dispatch.DeliveryEnded}) that the metrics and the log observe. A new capability is a
 * new case or a new step, not another branch.
 */
package dev.inbox.dispatch;
