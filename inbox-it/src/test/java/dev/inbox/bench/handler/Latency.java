package dev.inbox.bench.handler;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/** Producer-timestamp-to-commit latency of the business work's messages, in microseconds. */
@ApplicationScoped
public class Latency {

  private final Recorder recorder = new Recorder(3);

  @Resource private TransactionSynchronizationRegistry transactions;

  /** Records the time from the producer's send to the commit, if the delivery commits. */
  void recordAtCommit(Instant producedAt) {
    if (producedAt == null) {
      return;
    }
    transactions.registerInterposedSynchronization(
        new Synchronization() {
          @Override
          public void beforeCompletion() {}

          @Override
          public void afterCompletion(int status) {
            if (status == Status.STATUS_COMMITTED) {
              long micros = Duration.between(producedAt, Instant.now()).toNanos() / 1000;
              recorder.recordValue(Math.max(0, micros));
            }
          }
        });
  }

  /** Forgets what was recorded so far. */
  public void reset() {
    recorder.reset();
  }

  /** What was recorded since the last reset or read, which starts the next interval. */
  public Histogram read() {
    return recorder.getIntervalHistogram();
  }

  /** A histogram value as milliseconds. */
  public static double millis(long micros) {
    return micros / (double) TimeUnit.MILLISECONDS.toMicros(1);
  }
}
