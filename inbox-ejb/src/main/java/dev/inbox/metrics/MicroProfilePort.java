package dev.inbox.metrics;

import jakarta.enterprise.inject.spi.AnnotatedField;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.InjectionPoint;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.Timer;

/**
 * The port on MicroProfile Metrics, which Payara offers and exports in Prometheus text at {@code
 * /metrics}, at application scope. The exporter appends {@code _total} to counters and the unit to
 * timers and to gauges in seconds.
 */
final class MicroProfilePort implements MeterPort {

  private final MetricRegistry registry;
  private final Map<Key, Counter> counters = new ConcurrentHashMap<>();
  private final Map<Key, Timer> timers = new ConcurrentHashMap<>();

  private MicroProfilePort(MetricRegistry registry) {
    this.registry = registry;
  }

  /**
   * The port, when the server offers an application MetricRegistry as a CDI bean. It is obtained
   * for a real injection point (the field of {@link RegistryField}): a registry producer may read
   * the point's annotations, and Payara's fails on the annotation-less point of a programmatic
   * lookup.
   */
  static Optional<MeterPort> fromServer(BeanManager beans) {
    AnnotatedField<? super RegistryField> field =
        beans.createAnnotatedType(RegistryField.class).getFields().iterator().next();
    InjectionPoint point = beans.createInjectionPoint(field);
    if (beans.getBeans(point.getType()).isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new MicroProfilePort(
            (MetricRegistry)
                beans.getInjectableReference(point, beans.createCreationalContext(null))));
  }

  /** Where the application registry would be injected, at the default (application) scope. */
  static final class RegistryField {
    MetricRegistry registry;
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
    counter(meter, labelValues).inc(amount);
  }

  private Counter counter(Meter meter, List<String> labelValues) {
    return counters.computeIfAbsent(
        new Key(meter, labelValues),
        key -> registry.counter(metadata(meter, MetricUnits.NONE), tags(meter, labelValues)));
  }

  private Timer timer(Meter meter, List<String> labelValues) {
    return timers.computeIfAbsent(
        new Key(meter, labelValues),
        key -> registry.timer(metadata(meter, MetricUnits.SECONDS), tags(meter, labelValues)));
  }

  @Override
  public void record(Meter meter, List<String> labelValues, Duration duration) {
    timer(meter, labelValues).update(duration);
  }

  @Override
  public void gauge(Meter meter, List<String> labelValues, Supplier<Number> value) {
    String unit = meter.kind() == Meter.Kind.SECONDS_GAUGE ? MetricUnits.SECONDS : MetricUnits.NONE;
    registry.gauge(metadata(meter, unit), value::get, tags(meter, labelValues));
  }

  private static Metadata metadata(Meter meter, String unit) {
    return Metadata.builder()
        .withName(meter.meterName())
        .withDescription(meter.help())
        .withUnit(unit)
        .build();
  }

  private static Tag[] tags(Meter meter, List<String> labelValues) {
    Tag[] tags = new Tag[meter.labels().size()];
    for (int i = 0; i < tags.length; i++) {
      tags[i] = new Tag(meter.labels().get(i), labelValues.get(i));
    }
    return tags;
  }

  private record Key(Meter meter, List<String> labelValues) {}
}
