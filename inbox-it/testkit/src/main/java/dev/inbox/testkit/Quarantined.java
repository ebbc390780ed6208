package dev.inbox.testkit;

import java.util.Optional;

/**
 * A message the inbox set aside in its quarantine queue instead of applying it.
 *
 * @param reason the code of its {@code dev.inbox.spi.QuarantineReason}
 * @param consumer the consumer that quarantined it, when one did
 * @param error the sentence the inbox wrote for the operator
 */
public record Quarantined(
    String messageId, String reason, Optional<String> consumer, Optional<String> error) {}
