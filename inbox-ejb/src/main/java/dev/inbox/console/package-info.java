/**
 * The operator's console: what the inbox knows of one message (each consumer's row, its failures,
 * its copies in the quarantine and the dead-letter queue), and what those two queues hold,
 * filtered, paged and grouped by cause. The inbox's web module serves it over HTTP, behind the
 * server's login; this package holds the reads, and the web module only adapts them.
 */
package dev.inbox.console;
