/**
 * Store-then-process: consumers in that mode take a message in by storing it with its body, and the
 * workers here apply it later from the table, each in a transaction of its own, in order per
 * ordering key, with leases that another node takes over when a node dies, retries with backoff,
 * and parking of a message that fails every attempt, which holds its key and no other.
 */
package dev.inbox.processing;
