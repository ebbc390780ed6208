/**
 * The test command's databases on a machine that has none: PostgreSQL and MariaDB started from
 * binaries on Maven Central, and the XA cells' leftovers rolled back or counted on whichever
 * servers run.
 */
package dev.inbox.it.databases;
