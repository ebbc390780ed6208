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
    return readFromTestRun(0);
  }

  /** What the log gained since it was this long, read from the test run. */
  public static String readFromTestRun(long mark) {
    Path file = fromTestRun();
    try {
      String log = Files.readString(file);
      return mark <= log.length() ? log.substring((int) mark) : log;
    } catch (IOException e) {
      throw new IllegalStateException("Cannot read the server log " + file, e);
    }
  }

  /** How long the log is now, read from the test run: a mark for {@link #readFromTestRun(long)}. */
  public static long lengthFromTestRun() {
    try {
      return Files.readString(fromTestRun()).length();
    } catch (IOException e) {
      // No log yet: everything it will hold is new.
      return 0;
    }
  }

  private static Path fromTestRun() {
    return Path.of(System.getProperty("inbox.it.server-log"));
  }

  /** Where the log ends now. */
  public long mark() {
    return file.toFile().length();
  }

  /** The error records written since the mark. */
  public List<String> errorsSince(long mark) {
    return linesSince(mark).stream().filter(line -> ERROR.matcher(line).find()).toList();
  }

  /** The lines written since the mark that contain the text. */
  public List<String> linesSince(long mark, String text) {
    return linesSince(mark).stream().filter(line -> line.contains(text)).toList();
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
