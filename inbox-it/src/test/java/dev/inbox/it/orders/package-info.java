/**
 * A shop's API with an idempotent command ({@code POST /inbox-it/shop/orders}), deployed into the
 * WAR of the tests that need it (IdempotencyIT), so that tests call a real resource method that a
 * team would mark {@code @Idempotent}, and script how it misbehaves.
 */
package dev.inbox.it.orders;
