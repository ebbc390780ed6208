package dev.inbox.http;

/** What became of a request to an idempotent resource method, observed by the metrics. */
public record IdempotentRequestEnded(String operation, Outcome outcome) {

  /** The outcomes, with their names in metrics. */
  public enum Outcome {
    /** The method ran and its response was stored with its writes. */
    EXECUTED("executed"),
    /** A repeat answered with the stored response, the method not run. */
    REPLAYED("replayed"),
    /** The key came with another request: 422. */
    MISMATCH("mismatch"),
    /** A repeat while the first still runs: 409 with Retry-After. */
    IN_PROGRESS("in-progress"),
    /** The method threw; its transaction rolled back, and the key may be used again. */
    FAILED("failed"),
    /** No key where one is required, or a key or tenant that cannot be used: 400. */
    REFUSED("refused"),
    /** No key where the method allows it: it ran as without the annotation. */
    WITHOUT_KEY("without-key");

    private final String code;

    Outcome(String code) {
      this.code = code;
    }

    public String code() {
      return code;
    }
  }
}
