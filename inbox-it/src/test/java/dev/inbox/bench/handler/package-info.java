/**
 * The benchmark's business side, packaged in the EAR's {@code lib/} like a team's handler jar: the
 * inbox consumer, the business table it writes, the latency recorder, and the SQL the harness needs
 * (fills, counts, the database's own two-row commit).
 */
package dev.inbox.bench.handler;
