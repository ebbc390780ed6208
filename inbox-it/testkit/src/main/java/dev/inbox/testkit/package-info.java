/**
 * A test kit for a team's own Arquillian tests of its handlers, run inside a real server with the
 * real inbox: {@link InboxDeployment} deploys the team's EAR with its tests, {@link InboxProbe}
 * sends {@link TestMessage}s to the inbox queue and reads what the inbox made of them (its rows,
 * the quarantine, the metrics), and {@link Eventually} waits for it with a deadline.
 *
 * <p>Where the probe finds the inbox's queues, data source and metrics is {@link InboxAddresses}:
 * the names the inbox's server scripts give them on WildFly and Payara, unless the test says
 * otherwise.
 */
package dev.inbox.testkit;
