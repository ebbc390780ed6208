/**
 * A remote system for handlers to call over HTTP: deployed in the test WAR of the tests that need
 * it, scripted by them, and read by them to see what it received and did.
 */
package dev.inbox.it.partner;
