package dev.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md lists every key the inbox reads, and nothing else: a key in the code's
 * string literals (a {@code @ConfigProperty} name, a key read through {@code Config}) is a key of
 * the reference, where a literal that ends in a dot is a family ({@code inbox.retention.consumer.}
 * is {@code inbox.retention.consumer.<name>}, and a literal may spell the family out, as {@code
 * "inbox.webhooks.<name>.secret"}); so is a key the servers put into the module's deployment
 * descriptors ({@code ${inbox.mdb.max-session:15}} in {@code jboss-ejb3.xml}, {@code
 * ${MPCONFIG=inbox.mdb.max-session:15}} in {@code glassfish-ejb-jar.xml}).
 */
class ConfigurationReferenceTest {

  private static final Path SOURCES = Path.of("src/main/java");
  private static final Path DESCRIPTORS = Path.of("src/main/resources/META-INF");
  private static final Path REFERENCE = Path.of("../docs/configuration.md");

  /** A key at the start of a string literal, up to the literal's end, a space or an equals sign. */
  private static final Pattern IN_CODE = Pattern.compile("\"(inbox\\.[a-z0-9.<>-]+)(?=[\" =])");

  /** A key the server replaces in a descriptor, as WildFly or Payara writes it. */
  private static final Pattern IN_DESCRIPTOR =
      Pattern.compile("\\$\\{(?:MPCONFIG=)?(inbox\\.[a-z0-9.-]+)[:}]");

  /** A key as the first cell of a row of the reference's tables. */
  private static final Pattern IN_REFERENCE =
      Pattern.compile("^\\| `(inbox\\.[a-z0-9.<>-]+)`", Pattern.MULTILINE);

  @Test
  void everyKeyTheCodeReadsIsInTheReferenceAndNoOther() throws IOException {
    Set<String> inCode = keysInCode();
    Set<String> inReference = matches(IN_REFERENCE, Files.readString(REFERENCE));

    assertFalse(inCode.isEmpty(), "keys found in " + SOURCES.toAbsolutePath());
    assertEquals(inCode, inReference, "keys the code reads (left) and the reference lists (right)");
  }

  private static Set<String> keysInCode() throws IOException {
    Set<String> keys = new TreeSet<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file : files.filter(path -> path.toString().endsWith(".java")).toList()) {
        for (String key : matches(IN_CODE, Files.readString(file))) {
          keys.add(key.endsWith(".") ? key + "<name>" : key);
        }
      }
    }
    try (Stream<Path> files = Files.list(DESCRIPTORS)) {
      for (Path file : files.filter(path -> path.toString().endsWith(".xml")).toList()) {
        keys.addAll(matches(IN_DESCRIPTOR, Files.readString(file)));
      }
    }
    return keys;
  }

  private static Set<String> matches(Pattern pattern, String text) {
    Set<String> found = new TreeSet<>();
    Matcher matcher = pattern.matcher(text);
    while (matcher.find()) {
      found.add(matcher.group(1));
    }
    return found;
  }
}
