/**
 * The fault suite (profile {@code faults}): real WildFly nodes on a standalone Artemis broker and a
 * real database, halted, killed and cut off on purpose, and the oracle of docs/testing.md checked
 * from outside the servers afterwards. The tests run as clients: they send through the broker, read
 * rows in the database and queues through the broker's management, and start and stop the nodes
 * through Arquillian's container control.
 */
package dev.inbox.faults;
