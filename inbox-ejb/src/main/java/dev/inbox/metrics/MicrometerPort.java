package dev.inbox.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * The port on Micrometer, which WildFly offers through its micrometer subsystem and exports in
 * Prometheus text on the management port. Micrometer appends {@code _total} to counters and {@code
 * _seconds} to timers.
 *
 * <p>WildFly gives each deployment a registry that forwards only the plain registration methods
 * ({@code counter(name, tags)} and the like) to the exported one: meters made with Micrometer's
 * builders stay in the deployment's registry and are never exported. So neither help text nor base
 * units can be declared here; docs/operations/metrics.md describes each meter.
 */
final class MicrometerPort implements MeterPort {

  private final MeterRegistry registry;
  private final Map<Key, Counter> counters = new ConcurrentHashMap<>();
  private final Map<Key, Timer> timers = new ConcurrentHashMap<>();

  /** The gauges' suppliers, held here: Micrometer keeps only weak references to them. */
  private final List<Supplier<Number>> gauges = new CopyOnWriteArrayList<>();

  /** The gauges registered, by name and tags, to remove when the application stops. */
  private final List<Key> gaugeKeys = new CopyOnWriteArrayList<>();

  private MicrometerPort(MeterRegistry registry) {
    this.registry = registry;
  }

  /** The port, when the server offers a Micrometer registry as a CDI bean. */
  static Optional<MeterPort> fromServer(BeanManager beans) {
    Set<Bean<?>> registries = beans.getBeans(MeterRegistry.class);
    if (registries.isEmpty()) {
      return Optional.empty();
    }
    Bean<?> registry = beans.resolve(registries);
    return Optional.of(
        new MicrometerPort(
            (MeterRegistry)
                beans.getReference(
                    registry, MeterRegistry.class, beans.createCreationalContext(registry))));
  }

  @Override
  public void declare(Meter meter, List<String> labelValues) {
    if (meter.kind() == Meter.Kind.TIMER) {
      timer(meter, labelValues);
    } else {
      counter(meter, labelValues);
    }
  }

  @Override
  public void increment(Meter meter, List<String> labelValues, long amount) {
    counter(meter, labelValues).increment(amount);
  }

  private Counter counter(Meter meter, List<String> labelValues) {
    return counters.computeIfAbsent(
        new Key(meter, labelValues),
        key -> registry.counter(meter.meterName(), tags(meter, labelValues)));
  }

  private Timer timer(Meter meter, List<String> labelValues) {
    return timers.computeIfAbsent(
        new Key(meter, labelValues),
        key -> registry.timer(meter.meterName(), tags(meter, labelValues)));
  }

  @Override
  public void record(Meter meter, List<String> labelValues, Duration duration) {
    timer(meter, labelValues).record(duration);
  }

  @Override
  public void gauge(Meter meter, List<String> labelValues, Supplier<Number> value) {
    gauges.add(value);
    gaugeKeys.add(new Key(meter, labelValues));
    registry.gauge(
        gaugeName(meter),
        tags(meter, labelValues),
        value,
        supplier -> supplier.get().doubleValue());
  }

  @Override
  public void close() {
    // WildFly's registry outlives the deployment: a gauge left behind would keep reading this
    // stopped application's snapshot, and a redeployment's gauge of the same name would reuse it.
    for (Key key : gaugeKeys) {
      registry
          .find(gaugeName(key.meter()))
          .tags(tags(key.meter(), key.labelValues()))
          .meters()
          .forEach(registry::remove);
    }
    gaugeKeys.clear();
    gauges.clear();
  }

  /** Without a declared base unit, a gauge in seconds carries the unit in its name. */
  private static String gaugeName(Meter meter) {
    return meter.kind() == Meter.Kind.SECONDS_GAUGE
        ? meter.meterName() + "_seconds"
        : meter.meterName();
  }

  private static List<Tag> tags(Meter meter, List<String> labelValues) {
    List<Tag> tags = new ArrayList<>();
    for (int i = 0; i < meter.labels().size(); i++) {
      tags.add(Tag.of(meter.labels().get(i), labelValues.get(i)));
    }
    return tags;
  }

  private record Key(Meter meter, List<String> labelValues) {}
}
