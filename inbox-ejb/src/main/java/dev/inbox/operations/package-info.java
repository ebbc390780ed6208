/**
 * What an operator can ask of the inbox beyond the broker's own tools: today, that a consumer
 * process messages again ({@link dev.inbox.operations.Reprocessing}). Every request is audited
 * (who, when, why) in the database, in the transaction that carries it out.
 */
package dev.inbox.operations;
