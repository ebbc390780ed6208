package dev.inbox.console;

import dev.inbox.store.BodyKind;
import java.util.Map;

/**
 * One held message in full, as its detail view shows it.
 *
 * @param message what a list shows of it
 * @param guidance what its reason means and what to do
 * @param properties every property it carries, the producer's and the inbox's
 * @param bodyKind {@code text}, {@code bytes} or {@code none}: a {@link BodyKind}'s code, kept a
 *     string so that the JSON says it in lower case
 * @param bodySize the body's length in characters (text) or bytes
 * @param body the body (bytes as Base64), or null when hidden: only a user in role {@code
 *     inbox-payload-reader} sees it
 * @param collision for a {@code payload-mismatch}, what it collided with; otherwise null
 */
public record HeldDetail(
    HeldMessage message,
    Guidance guidance,
    Map<String, Object> properties,
    String bodyKind,
    long bodySize,
    String body,
    Collision collision) {}
