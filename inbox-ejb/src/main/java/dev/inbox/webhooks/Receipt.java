package dev.inbox.webhooks;

/**
 * What became of a webhook delivery at the endpoint, with the HTTP status the partner gets. Only an
 * accepted delivery reaches the inbox queue; every other outcome touches nothing.
 */
public enum Receipt {
  ACCEPTED(202, "accepted", "Accepted"),
  UNKNOWN_SOURCE(404, "unknown-source", "No such webhook source"),
  UNSUPPORTED_MEDIA_TYPE(415, "unsupported-media-type", "The body is not JSON"),
  TOO_LARGE(413, "too-large", "The body is too large"),
  BAD_SIGNATURE(401, "bad-signature", "The signature does not verify"),
  UNREADABLE(400, "unreadable", "The delivery cannot be read"),
  UNAVAILABLE(503, "unavailable", "The inbox cannot take the delivery now");

  private final int status;
  private final String code;
  private final String title;

  Receipt(int status, String code, String title) {
    this.status = status;
    this.code = code;
    this.title = title;
  }

  public int status() {
    return status;
  }

  /** The outcome's name in metrics and in problem types. */
  public String code() {
    return code;
  }

  public String title() {
    return title;
  }
}
