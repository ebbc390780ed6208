/**
 * Handlers declared wrongly, each deployed alone beside the test handlers by the test that proves
 * the deployment refuses it: never part of the test handlers' library.
 */
package dev.inbox.it.misdeclared;
