package dev.inbox.retention;

import dev.inbox.store.Watermarks;
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
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Reads the retention watermarks at start and every {@code inbox.retention.watermark-refresh}
 * (PT1M) after that: every node's sweep moves them, and a node whose own sweep deletes nothing must
 * still see them. A read that fails is tried again after {@link #RETRY}, and says so in the log;
 * until one succeeds, late deliveries go unnoticed and {@code inbox_watermarks_loaded} is 0.
 */
@Singleton
@Startup
@DependsOn("SchemaAtStart")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class WatermarkRefresh {

  private static final Logger LOG = Logger.getLogger(WatermarkRefresh.class.getName());

  /** The wait before a failed read is tried again. */
  static final Duration RETRY = Duration.ofSeconds(5);

  @Resource private TimerService timers;

  @Inject private Watermarks watermarks;

  @Inject private RetentionPolicy policy;

  @PostConstruct
  void loadAtStart() {
    scheduleNext(read());
  }

  @Timeout
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
  void refresh() {
    Duration next = RETRY;
    try {
      next = read();
    } finally {
      try {
        scheduleNext(next);
      } catch (IllegalStateException | EJBException e) {
        // The application is stopping: no next read.
        LOG.log(Level.FINE, e, () -> "No next watermark read: the timer service refused");
      }
    }
  }

  /** Reads the watermarks; the wait until the next read. */
  private Duration read() {
    Duration interval = policy.watermarkRefresh();
    try {
      watermarks.reload();
      return interval;
    } catch (RuntimeException e) {
      Duration retry = RETRY.compareTo(interval) < 0 ? RETRY : interval;
      LOG.log(
          Level.WARNING,
          e,
          () ->
              "Could not read the retention watermarks: until they are read, a late redelivery of"
                  + " a purged message is not caught. Trying again in "
                  + retry);
      return retry;
    }
  }

  private void scheduleNext(Duration wait) {
    timers.createSingleActionTimer(wait.toMillis(), new TimerConfig(null, false));
  }
}
