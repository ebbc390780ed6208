package dev.inbox.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.inbox.bench.MessageIds.PassIds;
import dev.inbox.bench.handler.ArchiveHandler;
import dev.inbox.bench.handler.BenchHandler;
import dev.inbox.bench.handler.BenchTables;
import dev.inbox.bench.handler.FanOut;
import dev.inbox.bench.handler.Latency;
import dev.inbox.bench.handler.StoredBenchHandler;
import dev.inbox.it.Broker;
import dev.inbox.it.InboxTest;
import dev.inbox.it.Producer;
import dev.inbox.it.Settings;
import dev.inbox.store.SchemaAtStart;
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
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.logging.Logger;
import org.HdrHistogram.Histogram;
import org.awaitility.Awaitility;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The benchmark (docs/benchmarks.md): in one run, on one server, broker and database, interleaved
 * round by round, the inbox MDB against a plain MDB doing the same business insert, the duplicate
 * path, the store-then-process mode's intake and end-to-end rates, the broker's transacted-receive
 * ceiling and the database's two-row commit ceiling; then the sweeper's purge rate and intake while
 * it sweeps, latency at half the peak, and intake as the table grows to the big size and shrinks
 * again. Each pass pauses its queue, loads it, resumes it and times the drain. Not a test of speed:
 * it fails only when a path loses or repeats work.
 */
@InboxTest
class ThroughputBench {

  private static final Logger LOG = Logger.getLogger(ThroughputBench.class.getName());

  /** Rows per fill transaction. */
  private static final int FILL_CHUNK = 500_000;

  /** How long before its rows were processed a fill's time-ordered ids were made. */
  private static final Duration FILL_SPAN = Duration.ofHours(1);

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
  private MessageIds idSource;
  private Results results;

  /** Threads of the database's ceiling: as many as the inbox MDB's deliveries at once. */
  private int ceilingThreads;

  /** A queue a path takes its messages from: its JNDI name and its name in the broker. */
  private record Target(Queue queue, String brokerName) {}

  @Test
  void measure() throws InterruptedException {
    config = BenchConfig.ofServer();
    idSource = new MessageIds(config.idKind());
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
    String name = config.cell();
    if (config.roundsOnly()) {
      // A run of the concurrency series: its file beside the series' others.
      results.put("roundsOnly", "yes");
      name += "-deliveries-" + ceilingThreads;
    } else {
      afterTheRounds(inbox, plain);
    }
    String file = name;
    LOG.info(() -> "Benchmark results: " + results.write(config.output(), file));
  }

  /** What the benchmark measures after the rounds, each with rounds of its own. */
  private void afterTheRounds(Target inbox, Target plain) throws InterruptedException {
    payloadSizes(inbox, plain);
    fanOut(inbox);
    sweep(inbox);
    latencyAtHalfPeak(inbox, "inbox", BenchHandler.TYPE, "latency");
    // The plain MDB at the inbox's rate: the same load, so that the percentiles compare.
    latencyAtHalfPeak(plain, "inbox", "bench.plain", "plainLatency");
    latencyAtHalfPeak(inbox, "stored", StoredBenchHandler.TYPE, "storedLatency");
    tableSize(inbox);
  }

  /**
   * As many threads as the inbox MDB runs deliveries at once, read from the server with the plain
   * MDB's for the report; {@code bench.concurrency} where the server does not say.
   */
  private int ceilingThreads() {
    // The benchmark's MDBs take the inbox MDB's sessions (src/test/resources/bench).
    int sessions =
        ConfigProvider.getConfig()
            .getOptionalValue("inbox.mdb.max-session", Integer.class)
            .orElse(MdbConcurrency.ADAPTER_DEFAULT_SESSIONS);
    Optional<MdbConcurrency> inbox = MdbConcurrency.read("InboxListener", sessions);
    Optional<MdbConcurrency> plain = MdbConcurrency.read("PlainListener", sessions);
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
        run -> Map.of("broker", drain(receive, ids(run + "-receive").all(), "bench.receive", 0)),
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
  private Map<String, Pass> inboxAndDuplicates(Target inbox, String pass) {
    PassIds fresh = ids(pass);
    Pass applied = applyingPass(inbox, fresh, BenchHandler.TYPE);
    Pass duplicates = drain(inbox, fresh.all(), BenchHandler.TYPE, 0);
    assertEquals(
        config.messages(), tables.effects(fresh.pattern()), "business rows after the duplicates");
    return Map.of("inbox", applied, "duplicate", duplicates);
  }

  /** New messages: one business row each, checked once they are drained. */
  private Pass applyingPass(Target target, PassIds fresh, String type) {
    return applyingPass(target, fresh, 1, batch -> load.sendBatch(target.queue(), batch, type));
  }

  /**
   * New messages, sent in batches, then drained and timed: as many business rows each as the type
   * has consumers, checked once they are drained.
   */
  private Pass applyingPass(
      Target target, PassIds fresh, int consumers, Consumer<List<String>> sendBatch) {
    int effects = fresh.all().size() * consumers;
    Pass pass = drain(target, fresh.all(), sendBatch, effects);
    assertEquals(effects, tables.effects(fresh.pattern()), "business rows of " + fresh.name());
    return pass;
  }

  /**
   * The inbox and the plain MDB on bodies of each of {@code bench.payload-sizes}, after an
   * unrecorded round for each size (the broker takes a body above 100 KiB as a large message, a
   * path of its own), in {@code bench.rounds} rounds that alternate which path goes first: their
   * rates and what a message cost, against the body's size. A pass sends {@code
   * bench.payload-bytes-per-pass} bytes of bodies, at most {@code bench.messages} messages.
   */
  private void payloadSizes(Target inbox, Target plain) {
    for (int size : config.payloadSizes()) {
      int messages = Math.max(1, Math.min(config.messages(), config.payloadBytesPerPass() / size));
      results.put("payloadMessages" + size, messages);
      recordedRounds(
          round -> {
            String run = "p" + size + "-r" + round;
            Map<String, Pass> passes = new LinkedHashMap<>();
            List<String> paths =
                round % 2 == 0 ? List.of("inbox", "plain") : List.of("plain", "inbox");
            for (String path : paths) {
              Target target = path.equals("inbox") ? inbox : plain;
              String type = path.equals("inbox") ? BenchHandler.TYPE : "bench.plain";
              passes.put(
                  path + "-payload-" + size,
                  applyingPass(
                      target,
                      idSource.of(run + "-" + path, messages),
                      1,
                      batch -> load.sendBatch(target.queue(), batch, type, size)));
            }
            return passes;
          });
    }
  }

  /**
   * An unrecorded round (round 0: the path's classes, caches and pools warm), then {@code
   * bench.rounds} recorded ones; a round gives its passes by path.
   */
  private void recordedRounds(IntFunction<Map<String, Pass>> round) {
    for (int number = 0; number <= config.rounds(); number++) {
      Map<String, Pass> passes = round.apply(number);
      if (number > 0) {
        int recorded = number;
        passes.forEach((path, pass) -> results.sample(path, recorded, pass));
      }
    }
  }

  private Pass applyingPass(Target target, String pass, String type) {
    return applyingPass(target, ids(pass), type);
  }

  /**
   * New messages to a store-then-process consumer, timed from one resume: the intake's rate (the
   * queue drained: every message stored and acknowledged) and the end-to-end rate (every business
   * row committed by the workers), what each message cost measured end to end.
   */
  private Map<String, Pass> storedPass(Target inbox, String pass) {
    PassIds fresh = ids(pass);
    int count = fresh.all().size();
    broker.pause(inbox.brokerName());
    send(inbox, fresh.all(), StoredBenchHandler.TYPE);
    waitUntil(
        "the messages on " + inbox.brokerName(), () -> broker.depth(inbox.brokerName()) >= count);
    Usage.Start counters = Usage.Start.now(tables);
    long start = System.nanoTime();
    broker.resume(inbox.brokerName());
    waitUntil(inbox.brokerName() + " drained", () -> broker.depth(inbox.brokerName()) == 0);
    double intake = count / seconds(start);
    waitForRows(
        "the workers' business rows committed", () -> tables.effects(fresh.pattern()) >= count);
    double endToEnd = count / seconds(start);
    Usage usage = counters.perMessage(tables, count);
    assertEquals(config.messages(), tables.effects(fresh.pattern()), "business rows of " + pass);
    return Map.of("stored-intake", Pass.rateOnly(intake), "stored", new Pass(endToEnd, usage));
  }

  /**
   * One, two and four consumers of a type ({@link BenchHandler}'s, then {@link FanOut}'s), after an
   * unrecorded round, in {@code bench.rounds} rounds that rotate which goes first: what each
   * consumer after the first adds to a message.
   */
  private void fanOut(Target inbox) {
    Map<Integer, String> types =
        new TreeMap<>(Map.of(1, BenchHandler.TYPE, 2, FanOut.TWO, 4, FanOut.FOUR));
    List<Integer> counts = List.copyOf(types.keySet());
    recordedRounds(
        round -> {
          Map<String, Pass> passes = new LinkedHashMap<>();
          for (int i = 0; i < counts.size(); i++) {
            int consumers = counts.get((i + round) % counts.size());
            String type = types.get(consumers);
            passes.put(
                "fan-out-" + consumers,
                applyingPass(
                    inbox,
                    idSource.of("f" + consumers + "-r" + round, config.messages()),
                    consumers,
                    batch -> load.sendBatch(inbox.queue(), batch, type)));
          }
          return passes;
        });
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
          drain(inbox, ids(run + "-calm").all(), BenchHandler.TYPE, config.messages()).perSecond();
      results.sample("intake-without-sweep", round, without, "");

      // Enough expired rows that the sweep outlasts the pass twice over.
      long rows = (long) (purgeRate * config.messages() / without * 2) + 1000;
      List<String> fresh = ids(run + "-swept").all();
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
   * Messages to a target at half a path's peak rate, one by one from one producer, for the
   * configured time: the producer-timestamp-to-commit latency of each (for a store-then-process
   * consumer, the commit of the worker that applied it), under results named from the key.
   */
  private void latencyAtHalfPeak(Target target, String path, String type, String key) {
    double rate = results.median(path) / 2;
    int count = (int) Math.max(1, rate * config.latencySeconds());
    PassIds sent = idSource.of(key, count);
    latency.reset();
    long start = System.nanoTime();
    long interval = (long) (TimeUnit.SECONDS.toNanos(1) / rate);
    try (JMSContext jms = load.open()) {
      for (int i = 0; i < count; i++) {
        long due = start + i * interval;
        LockSupport.parkNanos(due - System.nanoTime());
        load.sendNow(jms, target.queue(), sent.all().get(i), type);
      }
    }
    double sentPerSecond = count / seconds(start);
    waitForRows("the " + key + " messages applied", () -> tables.effects(sent.pattern()) == count);
    Histogram committed = latency.read();
    results.put(key + "TargetPerSecond", rate);
    results.put(key + "SentPerSecond", sentPerSecond);
    results.put(key + "Messages", committed.getTotalCount());
    results.put(key + "P50Ms", Latency.millis(committed.getValueAtPercentile(50)));
    results.put(key + "P90Ms", Latency.millis(committed.getValueAtPercentile(90)));
    results.put(key + "P99Ms", Latency.millis(committed.getValueAtPercentile(99)));
    results.put(key + "P999Ms", Latency.millis(committed.getValueAtPercentile(99.9)));
    results.put(key + "MaxMs", Latency.millis(committed.getMaxValue()));
  }

  /**
   * Intake as the table grows and shrinks, in the order small, big, small again: inbox passes on
   * the table as the run left it, then on the table filled to {@code bench.big-rows} (its
   * statistics refreshed), then on the table with the fill's rows removed again, which shows how
   * far the machine drifted meanwhile. The big table's rows carry ids of the run's kind, and its
   * passes go on across {@code bench.big-checkpoints} checkpoint cycles: after each checkpoint
   * begins, the first change to each page writes the whole page to the WAL, which costs random ids
   * the most.
   */
  private void tableSize(Target inbox) {
    results.put("smallBeforeRows", tables.inboxRows());
    phase(inbox, "inbox-small-before", 0);
    // To the second, so that the delete below finds the fill's rows by it, and only them.
    LocalDateTime filledAt = now().minus(FILL_SPAN).truncatedTo(ChronoUnit.SECONDS);
    long held = tables.inboxRows();
    long filled = Math.max(0, config.bigRows() - held);
    results.put("bigTableFilledRows", filled);
    if (filled == 0) {
      System.out.printf(
          "[bench] bench.big-rows (%,d) is not above the %,d rows the table holds: nothing is"
              + " filled, and the big table's passes run on the table as it is%n",
          config.bigRows(), held);
    }
    fill(BenchHandler.CONSUMER, filled, filledAt);
    tables.analyze(SchemaAtStart.dataSource());
    results.put("bigTableRows", tables.inboxRows());
    phase(inbox, "inbox-big-table", config.bigCheckpoints())
        .ifPresent(begun -> results.put("bigTableCheckpointsBegun", begun));
    assertEquals(
        filled,
        tables.removeFill(SchemaAtStart.dataSource(), BenchHandler.CONSUMER, filledAt),
        "the fill's rows removed");
    results.put("smallAfterRows", tables.inboxRows());
    phase(inbox, "inbox-small-after", 0);
  }

  /**
   * Inbox passes recorded under the path, from a checkpoint of their own, so that every phase
   * starts at the same point of the database's checkpoint cycle: {@code bench.rounds} of them, and
   * more until the wanted checkpoints have begun since, each closing a whole cycle of the passes,
   * or until that many checkpoint timeouts and one more have passed. Each pass records the
   * checkpoints begun when it ended. Where the database does not count them, {@code bench.rounds}
   * passes.
   *
   * @return the checkpoints begun during the passes, where counted
   */
  private OptionalLong phase(Target inbox, String path, int checkpoints) {
    OptionalLong start = checkpoint();
    int wanted = start.isPresent() ? checkpoints : 0;
    Instant end =
        wanted == 0
            ? Instant.now()
            : Instant.now().plus(tables.checkpointTimeout().multipliedBy(wanted + 1L));
    long begun = 0;
    for (int pass = 1;
        pass <= config.rounds() || (begun < wanted && Instant.now().isBefore(end));
        pass++) {
      Pass measured = applyingPass(inbox, path + "-" + pass, BenchHandler.TYPE);
      if (start.isPresent()) {
        begun = tables.checkpointsBegun().orElseThrow() - start.getAsLong();
        results.sample(path, pass, measured, begun);
      } else {
        results.sample(path, pass, measured);
      }
    }
    return start.isPresent() ? OptionalLong.of(begun) : OptionalLong.empty();
  }

  /**
   * Has the database write a checkpoint, where it can (the report says whether it did), and returns
   * the checkpoints begun by then, where counted: at least one more than before, since PostgreSQL
   * may add the one just written to its statistics only after the command has returned.
   */
  private OptionalLong checkpoint() {
    OptionalLong before = tables.checkpointsBegun();
    results.put("phasesFromCheckpoint", tables.checkpoint() ? "yes" : "no");
    OptionalLong after = tables.checkpointsBegun();
    return before.isPresent()
        ? OptionalLong.of(Math.max(before.getAsLong() + 1, after.getAsLong()))
        : after;
  }

  /**
   * Loads a paused queue, then resumes it and times how long its consumers take to drain it and
   * commit their business rows.
   *
   * @param newEffects business rows the messages add
   * @return messages per second, and what each cost
   */
  private Pass drain(Target target, List<String> messageIds, String type, int newEffects) {
    return drain(
        target, messageIds, batch -> load.sendBatch(target.queue(), batch, type), newEffects);
  }

  /** The messages held on the paused queue, sent in batches, then drained and timed. */
  private Pass drain(
      Target target, List<String> messageIds, Consumer<List<String>> sendBatch, int newEffects) {
    broker.pause(target.brokerName());
    inBatches(messageIds, sendBatch);
    return resumeAndTime(target, messageIds, newEffects);
  }

  private void send(Target target, List<String> messageIds, String type) {
    inBatches(messageIds, batch -> load.sendBatch(target.queue(), batch, type));
  }

  /** Sends the messages in transactions of 250. */
  private static void inBatches(List<String> messageIds, Consumer<List<String>> sendBatch) {
    for (int from = 0; from < messageIds.size(); from += 250) {
      sendBatch.accept(messageIds.subList(from, Math.min(from + 250, messageIds.size())));
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
  private Pass twoRowCommits(String pass) throws InterruptedException {
    List<String> fresh = ids(pass).all();
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
                    tables.twoRowCommit(fresh.get(i), now());
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

  /**
   * Inbox rows of a consumer written straight into the table, in bounded transactions, with ids of
   * the run's kind: time-ordered ones made in the rows' order over the hour before they were
   * processed, so that they are older than every pass's.
   */
  private void fill(String consumer, long rows, LocalDateTime processedAt) {
    String prefix = "fill-" + System.nanoTime() + "-";
    Instant from = processedAt.minus(FILL_SPAN).toInstant(ZoneOffset.UTC);
    for (long done = 0; done < rows; done += FILL_CHUNK) {
      int chunk = (int) Math.min(FILL_CHUNK, rows - done);
      switch (config.idKind()) {
        case UUID4 -> tables.fillRandom(consumer, chunk, processedAt);
        case UUID7 ->
            tables.fillTimeOrdered(
                consumer,
                chunk,
                processedAt,
                from.plus(FILL_SPAN.multipliedBy(done).dividedBy(rows)),
                FILL_SPAN.multipliedBy(chunk).dividedBy(rows));
        case SEQUENTIAL -> tables.fillSequential(consumer, prefix + done + "-", chunk, processedAt);
      }
    }
  }

  /** A pass's message ids, as many as a pass sends. */
  private PassIds ids(String pass) {
    return idSource.of(pass, config.messages());
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
