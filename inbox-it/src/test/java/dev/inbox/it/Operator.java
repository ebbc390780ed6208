package dev.inbox.it;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What an operator runs at a terminal, run by a test: the server's own redrive script
 * (server-config/wildfly/redrive.sh through jboss-cli, or server-config/artemis/redrive.sh on a
 * standalone broker), as the cell's settings name it.
 */
public final class Operator {

  private Operator() {}

  /**
   * Moves the messages that match a selector from quarantine or the dead-letter queue back to the
   * inbox queue with the redrive script, and fails the test when the script fails.
   *
   * @param from {@code quarantine} or {@code dlq}
   * @return what the script printed
   */
  public static String redrive(String from, String selector) {
    Settings settings = Settings.ofServer();
    List<String> command = new ArrayList<>(List.of(settings.redriveCommand().split(" ")));
    command.addAll(List.of("--from", from, "--filter", selector));
    try {
      File output = File.createTempFile("redrive", ".out");
      ProcessBuilder redrive =
          new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output);
      for (String variable : settings.redriveEnvironment().split(";")) {
        if (!variable.isBlank()) {
          String[] nameAndValue = variable.split("=", 2);
          redrive.environment().put(nameAndValue[0], nameAndValue[1]);
        }
      }
      Process process = redrive.start();
      if (!process.waitFor(120, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("The redrive script did not end within 120 s: " + command);
      }
      String printed = Files.readString(output.toPath(), StandardCharsets.UTF_8).strip();
      Files.delete(output.toPath());
      if (process.exitValue() != 0) {
        throw new AssertionError("The redrive script failed: " + command + ": " + printed);
      }
      System.out.println("[operator] " + String.join(" ", command) + ": " + printed);
      return printed;
    } catch (IOException e) {
      throw new IllegalStateException("Cannot run " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while redriving", e);
    }
  }
}
