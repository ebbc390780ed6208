package dev.inbox.metrics;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/** A metrics registry, as the inbox uses one. Label values follow {@link Meter#labels()}. */
interface MeterPort {

  /**
   * Registers a counter or a timer before its first use, so that it is exported (at zero) from the
   * start: a series that appears late breaks rates and alerts on it.
   */
  void declare(Meter meter, List<String> labelValues);

  /** Adds one to a counter. */
  default void increment(Meter meter, List<String> labelValues) {
    increment(meter, labelValues, 1);
  }

  /** Adds an amount to a counter. */
  void increment(Meter meter, List<String> labelValues, long amount);

  /** Records a duration on a timer. */
  void record(Meter meter, List<String> labelValues, Duration duration);

  /** Registers a gauge that reads its value when scraped. */
  void gauge(Meter meter, List<String> labelValues, Supplier<Number> value);

  /**
   * Removes the gauges this port registered, when the application stops: a registry that outlives
   * the deployment would otherwise keep reading the stopped application's values.
   */
  default void close() {}

  /** The port of a server that offers no registry: meters are dropped. */
  MeterPort NONE =
      new MeterPort() {
        @Override
        public void declare(Meter meter, List<String> labelValues) {}

        @Override
        public void increment(Meter meter, List<String> labelValues, long amount) {}

        @Override
        public void record(Meter meter, List<String> labelValues, Duration duration) {}

        @Override
        public void gauge(Meter meter, List<String> labelValues, Supplier<Number> value) {}
      };
}
