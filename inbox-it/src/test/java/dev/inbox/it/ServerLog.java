package dev.inbox.it;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The server's log file, read from inside the server: a test marks where the log ends before its
 * scenario, then reads what the scenario added. Its path is one of the cell's {@link Settings}. A
 * test whose deployment was refused reads it from the test run ({@link #readFromTestRun()}).
 */
public final class ServerLog {

  /** A record at level ERROR (WildFly's format) or SEVERE (Payara's). */
  private static final Pattern ERROR = Pattern.compile("^\\S+ \\S+ ERROR |\\[SEVERE\\]");

  private final Path file;

  public ServerLog() {
    this.file = Path.of(Settings.ofServer().serverLog());
  }

  /**
   * The whole log, read from the test run outside the server, for a test whose deployment the
   * server refused ({@code @RunAsClient}): the cell's settings are the test run's properties there.
   */
  public static String readFromTestRun() {
    Path file = Path.of(System.getProperty("inbox.it.server-log"));
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new IllegalStateException("Cannot read the server log " + file, e);
    }
  }

  /** Where the log ends now. */
  public long mark() {
    return file.toFile().length();
  }

  /** The error records written since the mark. */
  public List<String> errorsSince(long mark) {
    return linesSince(mark).stream().filter(line -> ERROR.matcher(line).find()).toList();
  }

  private List<String> linesSince(long mark) {
    try (RandomAccessFile log = new RandomAccessFile(file.toFile(), "r")) {
      long length = log.length();
      byte[] added = new byte[(int) Math.max(0, length - mark)];
      log.seek(Math.min(mark, length));
      log.readFully(added);
      return new String(added, StandardCharsets.UTF_8).lines().toList();
    } catch (IOException e) {
      throw new IllegalStateException("Cannot read the server log " + file, e);
    }
  }
}
