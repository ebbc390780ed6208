package dev.inbox.dispatch;

/**
 * Follows each delivery in the server's tracing, where the server offers it: a span from the
 * message's receipt to the end of its transaction, which names every verdict. The handler's own
 * spans are its children.
 */
public interface DeliveryTracing {

  /** Starts a delivery's span, current on this thread until the trace is closed. */
  Trace start(Received received);

  /** One delivery's span. */
  interface Trace extends AutoCloseable {

    /**
     * Ends the span with the delivery's verdicts and its transaction's end; on any thread. A span
     * ends once: whichever end comes first counts.
     */
    void end(DeliveryEnded ended);

    /** Ends the span of a delivery the inbox could not take through: the dispatch threw. */
    void failed(Throwable error);

    /** Makes the span no longer current on this thread; it ends with the delivery. */
    @Override
    void close();
  }

  /** The trace of a delivery that is not traced. */
  Trace UNTRACED =
      new Trace() {
        @Override
        public void end(DeliveryEnded ended) {}

        @Override
        public void failed(Throwable error) {}

        @Override
        public void close() {}
      };

  /** No tracing: the server offers none. */
  DeliveryTracing NONE = received -> UNTRACED;
}
