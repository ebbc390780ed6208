/**
 * Scenarios a test that drives the server from outside (a browser) asks the server to set up, over
 * HTTP under /inbox-it/scenarios of the test WAR: what an in-container test does with its probes.
 */
package dev.inbox.it.scenarios;
