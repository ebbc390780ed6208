package dev.inbox.processing;

import dev.inbox.dispatch.StoredMessages;
import dev.inbox.dispatch.Subscriptions;
import dev.inbox.settings.Durations;
import dev.inbox.store.PendingMessages;
import jakarta.annotation.PostConstruct;
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
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * This node's workers: every {@code inbox.store-then-process.poll-interval}, and at once again
 * while there is work, each store-then-process consumer's due messages are claimed, up to {@code
 * inbox.store-then-process.workers} at a time, and processed side by side on the server's managed
 * executor, each in a transaction of its own ({@link StoredMessages}). A claim is leased for {@code
 * inbox.store-then-process.lease}: a node that dies leaves its claims to the others once their
 * leases expire. Started only when a consumer is in that mode.
 */
@Singleton
@Startup
@DependsOn("SchemaAtStart")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class Workers {

  private static final Logger LOG = Logger.getLogger(Workers.class.getName());

  @Resource private TimerService timers;

  @Resource private ManagedExecutorService executor;

  @Inject private Subscriptions subscriptions;

  @Inject private PendingMessages pending;

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
    LOG.info(
        () ->
            "Store-then-process workers for %s: %d at a time, claims leased for %s, as %s"
                .formatted(consumers, workers, leaseTime, owner));
    schedule(poll);
  }

  /** One round: claims and processes each consumer's due messages; outside any transaction. */
  @Timeout
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
  void round() {
    boolean busy = false;
    try {
      for (String consumer : consumers) {
        busy |= processDue(consumer);
      }
    } catch (RuntimeException e) {
      // The database is away: the next round tries again; claims taken stay leased until then.
      LOG.log(Level.WARNING, e, () -> "Store-then-process round failed; the next one retries");
    } finally {
      try {
        schedule(busy ? Duration.ofMillis(1) : poll);
      } catch (IllegalStateException | EJBException e) {
        // The application is stopping: no next round.
        LOG.log(Level.FINE, e, () -> "No next store-then-process round: the timer service refused");
      }
    }
  }

  /** Claims a consumer's due messages and processes them side by side; whether it found any. */
  private boolean processDue(String consumer) {
    List<PendingMessages.Claim> claims =
        pending.claim(consumer, owner, workers, LocalDateTime.now(clock), leaseTime, gapWait);
    List<CompletableFuture<Void>> running = new ArrayList<>(claims.size());
    for (PendingMessages.Claim claim : claims) {
      running.add(CompletableFuture.runAsync(() -> process(claim), executor));
    }
    CompletableFuture.allOf(running.toArray(CompletableFuture[]::new)).join();
    return !claims.isEmpty();
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
