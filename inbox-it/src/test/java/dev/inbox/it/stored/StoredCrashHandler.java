package dev.inbox.it.stored;

import dev.inbox.it.handlers.CrashHandler;
import dev.inbox.it.handlers.CrashPoint;
import dev.inbox.it.handlers.Effects;
import dev.inbox.spi.Envelope;
import dev.inbox.spi.InboxConsumer;
import dev.inbox.spi.InboxContext;
import dev.inbox.spi.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Optional;

/**
 * A store-then-process consumer that halts the server at the crash point its messages name, once
 * per run: after the intake's commit, after a worker's claim, after its own write before the done
 * mark, or after the claim and again during the takeover of that claim by the restarted server.
 */
@ApplicationScoped
@InboxConsumer(
    name = StoredCrashHandler.CONSUMER,
    types = StoredCrashHandler.TYPE,
    mode = InboxConsumer.Mode.STORE_THEN_PROCESS)
public class StoredCrashHandler implements InboxHandler {

  public static final String CONSUMER = "it-crash-stored";
  public static final String TYPE = "it.crash.stored";

  /** Appended to a run's marker: the takeover of the halted claim has halted the server too. */
  private static final String TAKEN_OVER = ".taken-over";

  @Inject private Effects effects;

  /** Asked at intake, in its transaction: the halt waits for the transaction's commit. */
  @Override
  public Optional<String> orderingKey(Envelope message) {
    if (CrashHandler.armed(CrashPoint.AFTER_INTAKE_COMMIT, message)) {
      CrashHandler.afterCommit(() -> Runtime.getRuntime().halt(CrashPoint.HALT_STATUS));
    }
    return InboxHandler.super.orderingKey(message);
  }

  @Override
  public void handle(Envelope message, InboxContext context) {
    CrashHandler.reached(CrashPoint.AFTER_CLAIM, message);
    CrashHandler.reached(CrashPoint.DURING_TAKEOVER, message);
    if (takingOverTheHaltedClaim(message)) {
      Runtime.getRuntime().halt(CrashPoint.HALT_STATUS);
    }
    effects.apply(message, context);
    CrashHandler.reached(CrashPoint.AFTER_HANDLER_WRITE, message);
  }

  /** Whether this is the message that halted the server, processed again after the restart. */
  private static boolean takingOverTheHaltedClaim(Envelope message) {
    String directory = System.getProperty(CrashPoint.MARKER_DIRECTORY);
    if (directory == null
        || !message
            .property(CrashPoint.PROPERTY)
            .equals(Optional.of(CrashPoint.DURING_TAKEOVER.name()))) {
      return false;
    }
    File halted = new File(directory, message.property(CrashPoint.RUN_PROPERTY).orElse("no-run"));
    try {
      return halted.exists()
          && Files.readString(halted.toPath()).strip().equals(message.messageId())
          && CrashHandler.firstOfItsRun(message, TAKEN_OVER);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the crash marker " + halted, e);
    }
  }
}
