package dev.inbox.dispatch;

/**
 * The operator's choices that decisions depend on.
 *
 * @param unknownType what happens to a type no consumer handles ({@code inbox.unknown-type-policy})
 * @param quarantineLate whether a message older than a consumer's retention watermark is
 *     quarantined ({@code inbox.late-delivery-policy=quarantine}) or applied ({@code process})
 * @param maxAttempts how often a consumer's handler may fail on a message ({@code
 *     inbox.max-attempts})
 */
record Policy(UnknownTypePolicy unknownType, boolean quarantineLate, int maxAttempts) {

  static Policy of(String unknownType, String lateDelivery, int maxAttempts) {
    return new Policy(
        UnknownTypePolicy.valueOf(unknownType.strip().toUpperCase()),
        switch (lateDelivery.strip().toLowerCase()) {
          case "quarantine" -> true;
          case "process" -> false;
          default ->
              throw new IllegalArgumentException(
                  "inbox.late-delivery-policy is '%s': it must be quarantine or process"
                      .formatted(lateDelivery));
        },
        maxAttempts);
  }
}
