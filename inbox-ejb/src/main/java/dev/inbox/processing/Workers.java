package dev.inbox.processing;

import dev.inbox.dispatch.StoredMessages;
import dev.inbox.dispatch.Subscriptions;
import dev.inbox.settings.Durations;
import dev.inbox.store.PendingMessages;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJBException;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * This node's workers: every {@code inbox.store-then-process.poll-interval}, and at once again
 * while there is work, each store-then-process consumer's due messages are claimed, up to {@code
 * inbox.store-then-process.workers} at a time, and processed side by side, each in a transaction of
 * its own ({@link StoredMessages}), on as many threads of the node's own, made by the server's
 * managed thread factory: the server's default managed executor may run fewer at once (Payara's has
 * no core threads and an unbounded queue, so it runs one task at a time). A worker that finishes
 * claims the consumer's next due message itself and goes on until none is due: the timer's rounds
 * only start idle workers, so a busy consumer never waits for the timer service, which on Payara
 * fires a timer at most once a second by default. A claim is leased for {@code
 * inbox.store-then-process.lease}: a node that dies leaves its claims to the others once their
 * leases expire. A consumer with nothing due is looked at without a transaction; a claim's
 * transaction opens only when something is due. Started only when a consumer is in that mode.
 */
@Singleton
@Startup
@DependsOn("SchemaAtStart")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class Workers {

  private static final Logger LOG = Logger.getLogger(Workers.class.getName());

  /** How long, in seconds, the application's stop waits for the workers' messages in hand. */
  private static final long FINISHING = 10;

  /** How soon a round looks again while every worker of a consumer is busy. */
  private static final Duration ALL_BUSY = Duration.ofMillis(10);

  @Resource private TimerService timers;

  @Resource private ManagedThreadFactory threads;

  @Inject private Subscriptions subscriptions;

  @Inject private PendingMessages pending;

  @Inject private DueMessages due;

  @Inject private StoredMessages stored;

  @Inject private Clock clock;

  @Inject
  @ConfigProperty(name = "inbox.store-then-process.workers", defaultValue = "4")
  private int workers;

  @Inject
  @ConfigProperty(name = "inbox.store-then-process.poll-interval", defaultValue = "PT0.2S")
  private String pollInterval;

  @Inject
  @ConfigProperty(name = "inbox.store-then-process.lease", defaultValue = "PT5M")
  private String lease;

  @Inject
  @ConfigProperty(name = "inbox.store-then-process.gap-timeout", defaultValue = "PT1M")
  private String gapTimeout;

  /** This node's name on its claims: a new one at each start, so that none is mistaken for it. */
  private final String owner = "node-" + UUID.randomUUID();

  /** How many of each consumer's messages this node's workers are processing now. */
  private final Map<String, AtomicInteger> running = new ConcurrentHashMap<>();

  /** Set when the application stops: a worker takes no further message. */
  private volatile boolean stopping;

  /** The workers' threads: {@code inbox.store-then-process.workers} for each consumer. */
  private ExecutorService executor;

  private List<String> consumers = List.of();
  private Duration poll;
  private Duration leaseTime;
  private Duration gapWait;

  @PostConstruct
  void start() {
    if (workers < 1) {
      throw new IllegalArgumentException(
          "inbox.store-then-process.workers is %d: it must be at least 1".formatted(workers));
    }
    poll = Durations.positive("inbox.store-then-process.poll-interval", pollInterval, "PT0.2S");
    leaseTime = Durations.positive("inbox.store-then-process.lease", lease, "PT5M");
    gapWait = Durations.positive("inbox.store-then-process.gap-timeout", gapTimeout, "PT1M");
    consumers = subscriptions.storingFirst();
    if (consumers.isEmpty()) {
      return;
    }
    // Each consumer has its own workers.
    executor = Executors.newFixedThreadPool(workers * consumers.size(), threads);
    LOG.info(
        () ->
            "Store-then-process workers for %s: %d at a time, claims leased for %s, as %s"
                .formatted(consumers, workers, leaseTime, owner));
    schedule(poll);
  }

  /**
   * Lets each worker finish the message it holds, for up to {@value #FINISHING} seconds, and claim
   * no other; a message still in hand after that keeps its lease until it runs out.
   */
  @PreDestroy
  void stop() {
    stopping = true;
    if (executor == null) {
      return;
    }
    executor.shutdown();
    try {
      if (!executor.awaitTermination(FINISHING, TimeUnit.SECONDS)) {
        LOG.warning(
            () ->
                "Store-then-process workers still busy after %d s at stop: their messages are"
                        .formatted(FINISHING)
                    + " taken again once their leases run out (inbox.store-then-process.lease)");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** One round: claims and hands out each consumer's due messages; outside any transaction. */
  @Timeout
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
  void round() {
    Duration next = poll;
    try {
      for (String consumer : consumers) {
        next = min(next, handOut(consumer));
      }
    } catch (RuntimeException e) {
      // The database is away: the next round tries again; claims taken stay leased until then.
      if (!stopping) {
        LOG.log(Level.WARNING, e, () -> "Store-then-process round failed; the next one retries");
      }
    } finally {
      try {
        schedule(next);
      } catch (IllegalStateException | EJBException e) {
        // The application is stopping: no next round.
        LOG.log(Level.FINE, e, () -> "No next store-then-process round: the timer service refused");
      }
    }
  }

  /**
   * Claims as many of a consumer's due messages as it has idle workers, and hands them to the
   * executor without waiting for them: a slow message holds its worker, not the others.
   *
   * @return how soon to look again: at once after a claim, soon while every worker is busy
   */
  private Duration handOut(String consumer) {
    if (stopping) {
      return poll;
    }
    AtomicInteger busy = running.computeIfAbsent(consumer, c -> new AtomicInteger());
    int idle = workers - busy.get();
    if (idle <= 0) {
      return ALL_BUSY;
    }
    LocalDateTime now = LocalDateTime.now(clock);
    if (!due.any(consumer, now, gapWait)) {
      return poll;
    }
    List<PendingMessages.Claim> claims =
        pending.claim(consumer, owner, idle, now, leaseTime, gapWait);
    for (PendingMessages.Claim claim : claims) {
      busy.incrementAndGet();
      try {
        executor.execute(() -> work(consumer, claim, busy));
      } catch (RejectedExecutionException e) {
        // The server is stopping: this claim's lease runs out, and another node takes it.
        busy.decrementAndGet();
        throw e;
      }
    }
    return claims.isEmpty() ? poll : Duration.ofMillis(1);
  }

  private static Duration min(Duration one, Duration other) {
    return one.compareTo(other) <= 0 ? one : other;
  }

  /** A worker: its claim, then each due message of the consumer it claims next, one at a time. */
  private void work(String consumer, PendingMessages.Claim first, AtomicInteger busy) {
    try {
      for (PendingMessages.Claim claim = first; claim != null; claim = next(consumer)) {
        process(claim);
      }
    } finally {
      busy.decrementAndGet();
    }
  }

  /**
   * The consumer's next due message, claimed for the worker that asks; null when none is due, when
   * the application stops, or when the database cannot say (the timer's next round looks again).
   */
  private PendingMessages.Claim next(String consumer) {
    if (stopping) {
      return null;
    }
    try {
      LocalDateTime now = LocalDateTime.now(clock);
      if (!due.any(consumer, now, gapWait)) {
        return null;
      }
      return pending.claim(consumer, owner, 1, now, leaseTime, gapWait).stream()
          .findFirst()
          .orElse(null);
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          e,
          () ->
              "A store-then-process worker of " + consumer + " stops; the next round looks again");
      return null;
    }
  }

  private void process(PendingMessages.Claim claim) {
    try {
      if (stored.process(claim) instanceof StoredMessages.Processed.Failed failed) {
        stored.failed(claim, failed);
      }
    } catch (RuntimeException e) {
      // The commit failed (the database went away, a write was refused at the end): the attempt
      // counts as a failure, when the database lets it be recorded; else the lease runs out.
      LOG.log(Level.WARNING, e, () -> "Processing stored message " + claim.messageId() + " failed");
      try {
        stored.broke(claim, e);
      } catch (RuntimeException unrecorded) {
        LOG.log(Level.FINE, unrecorded, () -> "Could not record it; its lease runs out instead");
      }
    }
  }

  private void schedule(Duration wait) {
    timers.createSingleActionTimer(wait.toMillis(), new TimerConfig(null, false));
  }
}
