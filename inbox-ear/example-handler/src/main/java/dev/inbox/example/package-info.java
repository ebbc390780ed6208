/**
 * The example consumer: a CRM system announces that a sales meeting was held, and the follow-up
 * task it calls for is created exactly once, however often the announcement is delivered. It shows
 * a handler, its business table in its own persistence unit, and a business key that recognises the
 * same request sent twice under different message ids.
 */
package dev.inbox.example;
