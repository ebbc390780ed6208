package dev.inbox.console;

import dev.inbox.spi.QuarantineReason;

/**
 * What a reason means in words, and what an operator does about it: the same advice as the
 * operations guide's table of reasons, shown next to every quarantined message.
 *
 * @param meaning what happened
 * @param nextStep what to do
 * @param redrive whether redriving the message as it is can apply it, once the cause is fixed
 */
public record Guidance(String meaning, String nextStep, boolean redrive) {

  /** The advice for a message in the dead-letter queue, which the broker gave up redelivering. */
  public static final Guidance DEAD_LETTER =
      new Guidance(
          "the broker gave up redelivering it: the inbox could not even decide on it (the database"
              + " was away on every delivery, for instance)",
          "check the server log and the database around the time it was set aside, fix the cause,"
              + " then redrive it",
          true);

  /** The advice for a held message: its reason's, or the dead-letter queue's. */
  static Guidance of(HeldQueue held, String reason) {
    return held == HeldQueue.DEAD_LETTERS
        ? DEAD_LETTER
        : QuarantineReason.ofCode(reason).map(Guidance::of).orElse(DEAD_LETTER);
  }

  public static Guidance of(QuarantineReason reason) {
    return switch (reason) {
      case MISSING_IDENTITY ->
          new Guidance(
              "the message has no id (the configured id property, or the CloudEvents ce_source and"
                  + " ce_id)",
              "fix the producer so that it sends an id; discard this copy",
              false);
      case INVALID_IDENTITY ->
          new Guidance(
              "the id cannot be stored as it is (too long, a control character, or a key scope"
                  + " value missing)",
              "fix the producer and have it send the message again; discard this copy",
              false);
      case MISSING_TYPE ->
          new Guidance("the message has no type", "fix the producer; discard this copy", false);
      case INVALID_PROPERTY ->
          new Guidance(
              "the type, contract version or tenant is too long or has a control character",
              "fix the producer; discard this copy",
              false);
      case UNKNOWN_TYPE ->
          new Guidance(
              "no deployed consumer handles its type",
              "deploy the handler for the type, then redrive",
              true);
      case UNSUPPORTED_BODY ->
          new Guidance(
              "the body is neither text nor bytes", "fix the producer; discard this copy", false);
      case BODY_TOO_LARGE ->
          new Guidance(
              "the body is larger than inbox.max-body-bytes",
              "if the size is legitimate, raise the limit and redrive; otherwise fix the producer"
                  + " and discard",
              true);
      case UNREADABLE_BODY ->
          new Guidance(
              "the body cannot be read as what it claims to be (not Unicode, JSON with a member"
                  + " twice, nested too deep, a number out of range)",
              "fix the producer; discard this copy",
              false);
      case BODY_NOT_KEPT ->
          new Guidance(
              "the quarantine kept this copy without its body, so it cannot be applied",
              "have the producer send the message again; discard this copy",
              false);
      case UNSUPPORTED_CONTRACT_VERSION ->
          new Guidance(
              "the consumer does not declare the message's contract version",
              "deploy a handler that takes the version, then redrive",
              true);
      case PAYLOAD_MISMATCH ->
          new Guidance(
              "the consumer already applied this id with another body: the producer reused an id,"
                  + " or changed a message it had sent",
              "investigate the producer; never redrive as it is (it comes back as a collision),"
                  + " discard it once understood",
              false);
      case REJECTED ->
          new Guidance(
              "the consumer's handler rejected it: it will never apply as it is",
              "fix the data or the handler, then redrive",
              true);
      case RETRIES_EXHAUSTED ->
          new Guidance(
              "the consumer's handler failed on every attempt",
              "read the error and the failure history, fix the cause, then redrive",
              true);
      case LATE_DELIVERY ->
          new Guidance(
              "sent before the newest row retention deleted for the consumer: it may be a"
                  + " redelivery of a message applied long ago",
              "check whether its effect happened; redrive only if it did not, otherwise discard",
              true);
    };
  }
}
