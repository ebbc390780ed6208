/**
 * Tiny handlers, one per scenario, deployed in the EAR's lib/ as a team's handler jar would be.
 * Each writes one effect row in the delivery's transaction and counts its own invocations, so that
 * tests can tell effects that committed from attempts that rolled back.
 */
package dev.inbox.it.handlers;
