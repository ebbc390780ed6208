/**
 * The store: the inbox table, the module's memory of what each consumer has applied. A row is
 * written and flushed in the delivery's transaction before the handler runs, so it commits with the
 * business work or not at all, and the unique key on (consumer_name, message_id) lets exactly one
 * of several concurrent deliveries of a message win.
 */
package dev.inbox.store;
