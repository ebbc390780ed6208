package dev.inbox.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.inbox.bench.handler.ArchiveHandler;
import dev.inbox.bench.handler.BenchHandler;
import dev.inbox.bench.handler.BenchTables;
import dev.inbox.bench.handler.Latency;
import dev.inbox.bench.handler.StoredBenchHandler;
import dev.inbox.it.Broker;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.Settings;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.inject.Inject;
import jakarta.jms.JMSContext;
import jakarta.jms.Queue;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.logging.Logger;
import org.HdrHistogram.Histogram;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The benchmark (docs/benchmarks.md): in one run, on one server, broker and database, interleaved
 * round by round, the inbox MDB against a plain MDB doing the same business insert, the duplicate
 * path, the store-then-process mode's intake and end-to-end rates, the broker's transacted-receive
 * ceiling and the database's two-row commit ceiling; then the sweeper's purge rate and intake while
 * it sweeps, latency at half the peak, and intake on a big table. Each pass pauses its queue, loads
 * it, resumes it and times the drain. Not a test of speed: it fails only when a path loses or
 * repeats work.
 */
@InboxTest
class ThroughputBench {

  private static final Logger LOG = Logger.getLogger(ThroughputBench.class.getName());

  /** Rows per fill transaction. */
  private static final int FILL_CHUNK = 500_000;

  @Deployment
  static EnterpriseArchive deployment() {
    return BenchDeployment.create(ThroughputBench.class);
  }

  @Inject private Broker broker;
  @Inject private Load load;
  @Inject private BenchTables tables;
  @Inject private Latency latency;
  @Resource private ManagedThreadFactory threads;

  private BenchConfig config;
  private Results results;

  /** Threads of the database's ceiling: as many as the inbox MDB's deliveries at once. */
  private int ceilingThreads;

  /** A queue a path takes its messages from: its JNDI name and its name in the broker. */
  private record Target(Queue queue, String brokerName) {}

  @Test
  void measure() throws InterruptedException {
    config = BenchConfig.ofServer();
    Settings settings = Settings.ofServer();
    results = new Results(config, tables.database(), tables.settings());
    Target inbox =
        new Target(Producer.lookUp(settings.inboxQueue()), settings.brokerQueue("InboxQueue"));
    Target plain =
        new Target(benchQueue(settings, "benchPlain"), settings.brokerQueue("BenchPlainQueue"));
    Target receive =
        new Target(benchQueue(settings, "benchReceive"), settings.brokerQueue("BenchReceiveQueue"));

    fill(BenchHandler.CONSUMER, config.smallRows() - tables.inboxRows(), now().minusHours(1));
    results.put("smallTableRows", tables.inboxRows());
    results.put("statementsCounted", tables.countStatements() ? "yes" : "no");
    ceilingThreads = ceilingThreads();

    List<Step> steps = steps(inbox, plain, receive);
    warmUp(steps);
    for (int round = 1; round <= config.rounds(); round++) {
      int number = round;
      round(steps, "r" + round, round).forEach((path, pass) -> results.sample(path, number, pass));
    }
    results.put("smallTableRowsAtEnd", tables.inboxRows());

    sweep(inbox);
    latencyAtHalfPeak(inbox, "inbox", BenchHandler.TYPE, "latency");
    latencyAtHalfPeak(inbox, "stored", StoredBenchHandler.TYPE, "storedLatency");
    bigTable(inbox);

    LOG.info(() -> "Benchmark results: " + results.write(config.output(), config.cell()));
  }

  /**
   * As many threads as the inbox MDB runs deliveries at once, read from the server with the plain
   * MDB's for the report; {@code bench.concurrency} where the server does not say.
   */
  private int ceilingThreads() {
    Optional<MdbConcurrency> inbox =
        MdbConcurrency.read(
            "InboxListener",
            Integer.getInteger("inbox.mdb.max-session", MdbConcurrency.ADAPTER_DEFAULT_SESSIONS));
    Optional<MdbConcurrency> plain =
        MdbConcurrency.read("PlainListener", MdbConcurrency.ADAPTER_DEFAULT_SESSIONS);
    inbox.ifPresent(figures -> results.put("inboxMdb", figures.toJson()));
    plain.ifPresent(figures -> results.put("plainMdb", figures.toJson()));
    int threads = inbox.map(MdbConcurrency::deliveries).orElse(config.concurrency());
    results.put("concurrency", threads);
    results.put("concurrencyReadFromServer", inbox.isPresent() ? "yes" : "no");
    return threads;
  }

  /** The report of every run in the output directory, this cell's included (outside the server). */
  @AfterAll
  static void report() throws IOException {
    Report.main(new String[] {System.getProperty("bench.output", "target/bench")});
  }

  /**
   * A benchmark queue, bound next to the inbox queue: the same JNDI prefix on each server ({@code
   * java:/jms/queue/} on WildFly, {@code jms/queue/} on Payara), another name.
   */
  private static Queue benchQueue(Settings settings, String name) {
    String inbox = settings.inboxQueue();
    return Producer.lookUp(inbox.substring(0, inbox.lastIndexOf('/') + 1) + name);
  }

  /** A step of a round: one path's pass (the inbox's with its duplicates), samples by path. */
  private interface Step {
    Map<String, Pass> run(String run) throws InterruptedException;
  }

  /** The steps of a round, in the first round's order. */
  private List<Step> steps(Target inbox, Target plain, Target receive) {
    return List.of(
        run -> Map.of("broker", drain(receive, ids(run + "-receive"), "bench.receive", 0)),
        run -> Map.of("database", twoRowCommits(run + "-ceiling")),
        run -> Map.of("plain", applyingPass(plain, run + "-plain", "bench.plain")),
        run -> inboxAndDuplicates(inbox, run + "-inbox"),
        run -> storedPass(inbox, run + "-stored"));
  }

  /**
   * Every step once, each round starting one step further on than the round before: no path always
   * follows the same one (the database's ceiling leaves dirty pages and WAL for the next to pay).
   */
  private Map<String, Pass> round(List<Step> steps, String run, int round)
      throws InterruptedException {
    Map<String, Pass> passes = new LinkedHashMap<>();
    for (int i = 0; i < steps.size(); i++) {
      passes.putAll(steps.get((i + round - 1) % steps.size()).run(run));
    }
    return passes;
  }

  /**
   * Unrecorded rounds (classes loaded and compiled, pools filled, caches warm) until two in a row
   * agree: the inbox's and the plain MDB's rates each within {@code bench.warm-up-tolerance}
   * percent of the round before; at most {@code bench.warm-up-rounds}.
   */
  private void warmUp(List<Step> steps) throws InterruptedException {
    Map<String, Pass> previous = Map.of();
    for (int round = 1; round <= config.warmUpRounds(); round++) {
      Map<String, Pass> passes = round(steps, "w" + round, round);
      boolean agreed =
          round > 1 && agrees(previous, passes, "inbox") && agrees(previous, passes, "plain");
      results.put("warmUpRounds", round);
      results.put("warmUpAgreed", agreed ? "yes" : "no");
      if (agreed) {
        return;
      }
      previous = passes;
    }
  }

  private boolean agrees(Map<String, Pass> before, Map<String, Pass> now, String path) {
    double ratio = now.get(path).perSecond() / before.get(path).perSecond();
    return Math.abs(ratio - 1) * 100 <= config.warmUpTolerance();
  }

  /** New messages to the inbox, then the same again: every one a known duplicate. */
  private Map<String, Pass> inboxAndDuplicates(Target inbox, String prefix) {
    Pass applied = applyingPass(inbox, prefix, BenchHandler.TYPE);
    Pass duplicates = drain(inbox, ids(prefix), BenchHandler.TYPE, 0);
    assertEquals(
        config.messages(), tables.effects(prefix + "-"), "business rows after the duplicates");
    return Map.of("inbox", applied, "duplicate", duplicates);
  }

  /** New messages: one business row each, checked once they are drained. */
  private Pass applyingPass(Target target, String prefix, String type) {
    Pass pass = drain(target, ids(prefix), type, config.messages());
    assertEquals(config.messages(), tables.effects(prefix + "-"), "business rows of " + prefix);
    return pass;
  }

  /**
   * New messages to a store-then-process consumer, timed from one resume: the intake's rate (the
   * queue drained: every message stored and acknowledged) and the end-to-end rate (every business
   * row committed by the workers), what each message cost measured end to end.
   */
  private Map<String, Pass> storedPass(Target inbox, String prefix) {
    List<String> fresh = ids(prefix);
    broker.pause(inbox.brokerName());
    send(inbox, fresh, StoredBenchHandler.TYPE);
    waitUntil(
        "the messages on " + inbox.brokerName(),
        () -> broker.depth(inbox.brokerName()) >= fresh.size());
    Usage.Start counters = Usage.Start.now(tables);
    long start = System.nanoTime();
    broker.resume(inbox.brokerName());
    waitUntil(inbox.brokerName() + " drained", () -> broker.depth(inbox.brokerName()) == 0);
    double intake = fresh.size() / seconds(start);
    waitForRows(
        "the workers' business rows committed", () -> tables.effects(prefix + "-") >= fresh.size());
    double endToEnd = fresh.size() / seconds(start);
    Usage usage = counters.perMessage(tables, fresh.size());
    assertEquals(config.messages(), tables.effects(prefix + "-"), "business rows of " + prefix);
    return Map.of("stored-intake", Pass.rateOnly(intake), "stored", new Pass(endToEnd, usage));
  }

  /**
   * The sweeper's purge rate alone, then intake while it sweeps against intake without it, round by
   * round. The sweeper runs every second (inbox.retention.sweep-interval) with the production
   * defaults of batch size and pause.
   */
  private void sweep(Target inbox) {
    LocalDateTime expired = now().minusDays(2);
    fill(ArchiveHandler.CONSUMER, config.purgeRows(), expired);
    double purgeRate = timePurge();
    results.sample("purge", 1, purgeRate, "rows/s, sweeper alone");

    for (int round = 1; round <= config.rounds(); round++) {
      String run = "s" + round;
      double without =
          drain(inbox, ids(run + "-calm"), BenchHandler.TYPE, config.messages()).perSecond();
      results.sample("intake-without-sweep", round, without, "");

      // Enough expired rows that the sweep outlasts the pass twice over.
      long rows = (long) (purgeRate * config.messages() / without * 2) + 1000;
      List<String> fresh = ids(run + "-swept");
      broker.pause(inbox.brokerName());
      send(inbox, fresh, BenchHandler.TYPE);
      fill(ArchiveHandler.CONSUMER, rows, expired);
      waitForRows("the sweep starts", () -> tables.inboxRows(ArchiveHandler.CONSUMER) < rows);
      double during = resumeAndTime(inbox, fresh, fresh.size()).perSecond();
      long left = tables.inboxRows(ArchiveHandler.CONSUMER);
      results.sample(
          "intake-during-sweep",
          round,
          during,
          left > 0 ? "sweep ran throughout" : "sweep ended before the pass");
      waitForRows("the sweep ends", () -> tables.inboxRows(ArchiveHandler.CONSUMER) == 0);
    }
  }

  /** Rows per second the sweeper deletes, from its first delete to its last. */
  private double timePurge() {
    long filled = tables.inboxRows(ArchiveHandler.CONSUMER);
    waitForRows("the sweep starts", () -> tables.inboxRows(ArchiveHandler.CONSUMER) < filled);
    long start = System.nanoTime();
    long left = tables.inboxRows(ArchiveHandler.CONSUMER);
    waitForRows("the sweep ends", () -> tables.inboxRows(ArchiveHandler.CONSUMER) == 0);
    return left / seconds(start);
  }

  /**
   * Messages at half a path's peak rate, one by one from one producer, for the configured time: the
   * producer-timestamp-to-commit latency of each (for a store-then-process consumer, the commit of
   * the worker that applied it), under results named from the key.
   */
  private void latencyAtHalfPeak(Target inbox, String path, String type, String key) {
    double rate = results.median(path) / 2;
    int count = (int) Math.max(1, rate * config.latencySeconds());
    List<String> messageIds = ids(key, count);
    latency.reset();
    long start = System.nanoTime();
    long interval = (long) (TimeUnit.SECONDS.toNanos(1) / rate);
    try (JMSContext jms = load.open()) {
      for (int i = 0; i < count; i++) {
        long due = start + i * interval;
        LockSupport.parkNanos(due - System.nanoTime());
        load.sendNow(jms, inbox.queue(), messageIds.get(i), type);
      }
    }
    double sent = count / seconds(start);
    waitForRows("the " + key + " messages applied", () -> tables.effects(key + "-") == count);
    Histogram committed = latency.read();
    results.put(key + "TargetPerSecond", rate);
    results.put(key + "SentPerSecond", sent);
    results.put(key + "Messages", committed.getTotalCount());
    results.put(key + "P50Ms", Latency.millis(committed.getValueAtPercentile(50)));
    results.put(key + "P99Ms", Latency.millis(committed.getValueAtPercentile(99)));
    results.put(key + "MaxMs", Latency.millis(committed.getMaxValue()));
  }

  /** Intake again once the table holds the big size, its statistics refreshed. */
  private void bigTable(Target inbox) {
    fill(BenchHandler.CONSUMER, config.bigRows() - tables.inboxRows(), now().minusHours(1));
    tables.analyze();
    results.put("bigTableRows", tables.inboxRows());
    for (int round = 1; round <= config.rounds(); round++) {
      results.sample(
          "inbox-big-table", round, applyingPass(inbox, "b" + round + "-inbox", BenchHandler.TYPE));
    }
  }

  /**
   * Loads a paused queue, then resumes it and times how long its consumers take to drain it and
   * commit their business rows.
   *
   * @param newEffects business rows the messages add
   * @return messages per second, and what each cost
   */
  private Pass drain(Target target, List<String> messageIds, String type, int newEffects) {
    broker.pause(target.brokerName());
    send(target, messageIds, type);
    return resumeAndTime(target, messageIds, newEffects);
  }

  private void send(Target target, List<String> messageIds, String type) {
    for (int from = 0; from < messageIds.size(); from += 250) {
      load.sendBatch(
          target.queue(), messageIds.subList(from, Math.min(from + 250, messageIds.size())), type);
    }
  }

  /**
   * The clock stops when the queue is empty and every business row is committed: under XA the
   * database's second phase may end a little after the broker's acknowledgement.
   */
  private Pass resumeAndTime(Target target, List<String> messageIds, int newEffects) {
    int count = messageIds.size();
    waitUntil(
        "the messages on " + target.brokerName(), () -> broker.depth(target.brokerName()) >= count);
    long expected = newEffects == 0 ? 0 : tables.effectRows() + newEffects;
    Usage.Start counters = Usage.Start.now(tables);
    Instant started = Instant.now();
    long start = System.nanoTime();
    broker.resume(target.brokerName());
    waitUntil(target.brokerName() + " drained", () -> broker.depth(target.brokerName()) == 0);
    if (newEffects > 0) {
      waitUntil("the business rows committed", () -> tables.effectRows() >= expected);
    }
    double rate = count / seconds(start);
    Instant ended = Instant.now();
    // The pass's window, for a profile of the server taken during the run to be cut by path.
    LOG.info(
        () ->
            "Pass of %d messages from %s on %s: from %s to %s"
                .formatted(count, messageIds.get(0), target.brokerName(), started, ended));
    return new Pass(rate, counters.perMessage(tables, count));
  }

  /**
   * The database's ceiling: as many threads as MDB instances, each committing an inbox-like row and
   * the business row per transaction, on the inbox's data source.
   *
   * @return transactions per second, and what each cost
   */
  private Pass twoRowCommits(String prefix) throws InterruptedException {
    AtomicInteger next = new AtomicInteger();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    CountDownLatch done = new CountDownLatch(ceilingThreads);
    Usage.Start counters = Usage.Start.now(tables);
    long start = System.nanoTime();
    for (int t = 0; t < ceilingThreads; t++) {
      threads
          .newThread(
              () -> {
                try {
                  for (int i = next.getAndIncrement();
                      i < config.messages();
                      i = next.getAndIncrement()) {
                    tables.twoRowCommit(prefix + "-" + i, now());
                  }
                } catch (RuntimeException | Error e) {
                  failure.compareAndSet(null, e);
                } finally {
                  done.countDown();
                }
              })
          .start();
    }
    if (!done.await(deadline().toSeconds(), TimeUnit.SECONDS)) {
      throw new IllegalStateException("The two-row commits did not finish within " + deadline());
    }
    double rate = config.messages() / seconds(start);
    assertNull(failure.get(), "a two-row commit failed");
    return new Pass(rate, counters.perMessage(tables, config.messages()));
  }

  /** Inbox rows of a consumer written straight into the table, in bounded transactions. */
  private void fill(String consumer, long rows, LocalDateTime processedAt) {
    String prefix = "fill-" + System.nanoTime() + "-";
    for (long done = 0; done < rows; done += FILL_CHUNK) {
      int chunk = (int) Math.min(FILL_CHUNK, rows - done);
      tables.fill(consumer, prefix + done + "-", chunk, processedAt);
    }
  }

  private List<String> ids(String prefix) {
    return ids(prefix, config.messages());
  }

  private static List<String> ids(String prefix, int count) {
    List<String> ids = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      ids.add(prefix + "-" + i);
    }
    return ids;
  }

  /**
   * Waits on the broker's depth, polled often for timing; the deadline is far beyond any pass on a
   * busy machine.
   */
  private void waitUntil(String what, BooleanSupplier condition) {
    waitUntil(what, condition, Duration.ofMillis(10));
  }

  /** Waits on a row count, polled less often: counting is work for the database under test. */
  private void waitForRows(String what, BooleanSupplier condition) {
    waitUntil(what, condition, Duration.ofMillis(100));
  }

  private void waitUntil(String what, BooleanSupplier condition, Duration interval) {
    Awaitility.await(what)
        .pollInSameThread()
        .pollDelay(Duration.ZERO)
        .pollInterval(interval)
        .atMost(deadline())
        .until(condition::getAsBoolean);
  }

  private Duration deadline() {
    return Duration.ofSeconds(300 + config.messages() / 10);
  }

  private static double seconds(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }

  private static LocalDateTime now() {
    return LocalDateTime.now(ZoneOffset.UTC);
  }
}
