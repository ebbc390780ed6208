package dev.inbox.it.handlers;

import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Writes one effect per message, and stops the server JVM at the message's {@link CrashPoint}: the
 * first delivery of a test run to get there halts it, and no other, because each run may create its
 * marker file only once. The marker names the message that halted the server. Without the {@value
 * CrashPoint#MARKER_DIRECTORY} system property (a server not started for crash tests) it never
 * halts.
 */
@ApplicationScoped
@InboxConsumer(name = CrashHandler.CONSUMER, types = CrashHandler.TYPE)
public class CrashHandler implements InboxHandler {

  public static final String CONSUMER = "it-crash";
  public static final String TYPE = "it.crash";

  @Inject private Effects effects;

  @Override
  public Optional<String> businessKey(Envelope message) {
    reached(CrashPoint.DELIVERY_START, message);
    return Optional.empty();
  }

  @Override
  public void handle(Envelope message, InboxContext context) {
    reached(CrashPoint.AFTER_INBOX_ROW, message);
    effects.apply(message, context);
    noteTheCommit(message);
    reached(CrashPoint.AFTER_BUSINESS_WRITE, message);
    reached(CrashPoint.AFTER_DATABASE_COMMIT, message);
    reached(CrashPoint.AFTER_PREPARE_BEFORE_DECISION, message);
    reached(CrashPoint.AFTER_COMMIT_DECISION, message);
    reached(CrashPoint.BETWEEN_THE_COMMITS, message);
  }

  /**
   * Halts the server (or arms the Byteman rule that will) when the message is the first of its run
   * to reach the point its run names.
   */
  public static void reached(CrashPoint point, Envelope message) {
    if (!armed(point, message)) {
      return;
    }
    if (point.inTransactionManager()) {
      // The Byteman rule halts this thread when the transaction manager gets there.
      System.setProperty(point.armedThreadProperty(), Thread.currentThread().getName());
    } else {
      Runtime.getRuntime().halt(CrashPoint.HALT_STATUS);
    }
  }

  /**
   * Appends the message's id to its run's {@value CrashPoint#COMMITTED_SUFFIX} file once the
   * transaction manager has finished committing the delivery, both resources included: a test can
   * then tell a commit the database lost from one that never happened.
   */
  private static void noteTheCommit(Envelope message) {
    String directory = System.getProperty(CrashPoint.MARKER_DIRECTORY);
    if (directory == null) {
      return;
    }
    File committed =
        new File(
            directory,
            message.property(CrashPoint.RUN_PROPERTY).orElse("no-run")
                + CrashPoint.COMMITTED_SUFFIX);
    String line = message.messageId() + System.lineSeparator();
    afterCommit(() -> append(committed, line));
  }

  private static synchronized void append(File file, String line) {
    try {
      Files.writeString(
          file.toPath(),
          line,
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot note a commit in " + file, e);
    }
  }

  /**
   * Runs the action once the calling handler's transaction has committed, both resources included.
   */
  public static void afterCommit(Runnable action) {
    registry()
        .registerInterposedSynchronization(
            new Synchronization() {
              @Override
              public void beforeCompletion() {}

              @Override
              public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                  action.run();
                }
              }
            });
  }

  private static TransactionSynchronizationRegistry registry() {
    try {
      return InitialContext.doLookup("java:comp/TransactionSynchronizationRegistry");
    } catch (NamingException e) {
      throw new IllegalStateException("No transaction synchronization registry", e);
    }
  }

  /** Whether the message's run names the point, and the message is the first of it to get there. */
  public static boolean armed(CrashPoint point, Envelope message) {
    return message.property(CrashPoint.PROPERTY).equals(Optional.of(point.name()))
        && firstOfItsRun(message, "");
  }

  /**
   * Whether this message is the first of its run to ask, under the marker's suffix: the marker file
   * it creates names the message, for the test to read after the halt.
   */
  public static boolean firstOfItsRun(Envelope message, String suffix) {
    String directory = System.getProperty(CrashPoint.MARKER_DIRECTORY);
    if (directory == null) {
      return false;
    }
    File marker =
        new File(directory, message.property(CrashPoint.RUN_PROPERTY).orElse("no-run") + suffix);
    try {
      if (!marker.createNewFile()) {
        return false;
      }
      // The operating system keeps the file when the JVM halts: the test reads it afterwards.
      Files.writeString(marker.toPath(), message.messageId(), StandardCharsets.UTF_8);
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the crash marker " + marker, e);
    }
  }
}
