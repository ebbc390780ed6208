package dev.inbox.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** An operator's command the fault suite runs (asadmin, a database's pg_ctl through a script). */
final class Command {

  private Command() {}

  /**
   * Runs the command and waits until it ends, within the deadline; its output, if it fails or
   * outlasts the deadline, is in the exception's message.
   */
  static void run(List<String> command, Duration deadline) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(deadline.toSeconds(), TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", command) + " failed: " + output.strip());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot run " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
