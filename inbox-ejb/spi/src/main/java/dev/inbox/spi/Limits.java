package dev.inbox.spi;

/**
 * How long the texts the inbox stores may be, in characters: the widths of its tables' columns. A
 * message whose identity, type, contract version or tenant is longer is quarantined before any
 * consumer sees it; a consumer name longer fails the deployment; a business key longer is the
 * handler's permanent failure; a result reference or an uncertain effect's target longer is cut,
 * and an uncertain effect's idempotency key longer is kept as its SHA-256.
 */
public final class Limits {

  public static final int MESSAGE_ID = 400;
  public static final int BUSINESS_KEY = 400;
  public static final int ORDERING_KEY = 400;
  public static final int TYPE = 200;
  public static final int CONTRACT_VERSION = 50;
  public static final int TENANT = 100;
  public static final int CONSUMER_NAME = 100;

  /** What a handler records it produced ({@link InboxContext#recordResult}). */
  public static final int RESULT_REFERENCE = 400;

  /** Where an uncertain external effect went, and the key it was sent with. */
  public static final int EFFECT_TARGET = 100;

  public static final int IDEMPOTENCY_KEY = 100;

  /** The last error kept in the failure ledger and on a quarantined copy; longer ones are cut. */
  public static final int ERROR = 1000;

  private Limits() {}
}
