package dev.inbox.faults;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** An operator's command the fault suite runs (asadmin, a database's pg_ctl through a script). */
final class Command {

  private Command() {}

  /**
   * Runs the command and waits until it ends, within the deadline (one that outlasts it is killed);
   * its output, if it fails, is in the exception's message.
   */
  static void run(List<String> command, Duration deadline) {
    output(command, deadline);
  }

  /** Runs the command as {@link #run} does, and returns what it printed. */
  static String output(List<String> command, Duration deadline) {
    File output = null;
    try {
      output = File.createTempFile("command", ".log");
      Process process =
          new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output).start();
      boolean ended = process.waitFor(deadline.toSeconds(), TimeUnit.SECONDS);
      if (!ended) {
        process.destroyForcibly();
      }
      if (!ended || process.exitValue() != 0) {
        throw new IllegalStateException(
            String.join(" ", command)
                + (ended ? " failed: " : " did not end within " + deadline + ": ")
                + Files.readString(output.toPath()).strip());
      }
      return Files.readString(output.toPath());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot run " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } finally {
      if (output != null) {
        output.delete();
      }
    }
  }
}
