/**
 * The inbox's HTTP endpoints (the webhooks, the console): Jakarta REST resources that adapt HTTP to
 * the inbox module and hold no rules of their own.
 */
package dev.inbox.web;
