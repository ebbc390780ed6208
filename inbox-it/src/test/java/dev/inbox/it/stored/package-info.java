/**
 * A consumer in store-then-process mode, deployed only by the tests of that mode: its presence
 * starts the workers on the node.
 */
package dev.inbox.it.stored;
