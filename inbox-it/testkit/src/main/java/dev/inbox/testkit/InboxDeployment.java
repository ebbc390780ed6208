package dev.inbox.testkit;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.awaitility.Awaitility;
import org.hamcrest.Matcher;
import org.jboss.arquillian.container.test.api.Testable;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.EmptyAsset;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The deployment of a team's in-container test: the team's own EAR, as its build made it (the inbox
 * module, the SPI and the team's handlers), with a WAR added that holds the test classes and this
 * kit. Return it from the test's {@code @Deployment} method:
 *
 * <pre>{@code
 * @Deployment
 * static EnterpriseArchive deployment() {
 *   return InboxDeployment.of(new File("target/orders.ear"), OrderPlacedIT.class);
 * }
 * }</pre>
 */
public final class InboxDeployment {

  private static final String PREFIX = "inbox.testkit.";
  private static final String ENVIRONMENT_PREFIX = "INBOX_TESTKIT_";

  private InboxDeployment() {}

  /**
   * The EAR with a WAR of the test classes added, and the kit's settings that the test run was
   * given ({@link #settingsOfTestRun}).
   */
  public static EnterpriseArchive of(File ear, Class<?>... testClasses) {
    return of(ear, settingsOfTestRun(), testClasses);
  }

  /**
   * The kit's settings ({@link InboxAddresses}) given to the test run: its system properties {@code
   * inbox.testkit.*} (for example {@code -Dinbox.testkit.metrics-url=...} on Maven's command line),
   * and its environment variables {@code INBOX_TESTKIT_*}, for a password ({@code
   * INBOX_TESTKIT_METRICS_PASSWORD}); a system property wins.
   */
  public static Map<String, String> settingsOfTestRun() {
    Map<String, String> settings = new TreeMap<>();
    System.getenv()
        .forEach(
            (name, value) -> {
              if (name.startsWith(ENVIRONMENT_PREFIX)) {
                String key =
                    name.substring(ENVIRONMENT_PREFIX.length())
                        .toLowerCase(Locale.ROOT)
                        .replace('_', '-');
                settings.put(PREFIX + key, value);
              }
            });
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith(PREFIX)) {
        settings.put(name, System.getProperty(name));
      }
    }
    return settings;
  }

  /**
   * The EAR with a WAR of the test classes added, and settings for the kit ({@link InboxAddresses})
   * in a library of the EAR, as {@code META-INF/microprofile-config.properties}.
   */
  public static EnterpriseArchive of(
      File ear, Map<String, String> settings, Class<?>... testClasses) {
    if (!ear.isFile()) {
      throw new IllegalArgumentException(
          ear.getAbsolutePath() + " does not exist: build the EAR (mvn package) before its tests");
    }
    EnterpriseArchive application =
        ShrinkWrap.create(ZipImporter.class, ear.getName())
            .importFrom(ear)
            .as(EnterpriseArchive.class);
    if (application.contains("META-INF/application.xml")) {
      throw new IllegalArgumentException(
          ear.getName()
              + " lists its modules in META-INF/application.xml, so the servers would not deploy the"
              + " tests' WAR: build it without one (maven-ear-plugin's generateApplicationXml=false),"
              + " as docs/own-application.md shows");
    }
    // Marked as the WAR the tests run in: the EAR has the inbox's own web module too.
    WebArchive tests =
        Testable.archiveToTest(
            ShrinkWrap.create(WebArchive.class, "inbox-tests.war")
                .addClasses(testClasses)
                .addAsWebInfResource(EmptyAsset.INSTANCE, "beans.xml")
                .addAsLibraries(kit())
                .addAsLibraries(jarOf(Awaitility.class), jarOf(Matcher.class)));
    // The settings in a library of the EAR: Payara reads an EAR's configuration from lib/ only.
    JavaArchive settingsJar =
        ShrinkWrap.create(JavaArchive.class, "inbox-testkit-settings.jar")
            .addAsManifestResource(
                new StringAsset(properties(settings)), "microprofile-config.properties");
    return application.addAsLibrary(settingsJar).addAsModule(tests);
  }

  /**
   * This kit as a library of a test WAR. Its waits need Awaitility and Hamcrest beside it ({@link
   * #jarOf}).
   */
  public static JavaArchive kit() {
    return ShrinkWrap.create(JavaArchive.class, "inbox-testkit.jar")
        .addPackage(InboxProbe.class.getPackage())
        .addAsManifestResource(EmptyAsset.INSTANCE, "beans.xml");
  }

  /** The jar a class was loaded from, on the test class path. */
  public static File jarOf(Class<?> type) {
    try {
      return new File(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("Cannot locate the jar of " + type, e);
    }
  }

  private static String properties(Map<String, String> settings) {
    Properties properties = new Properties();
    properties.putAll(settings);
    StringWriter text = new StringWriter();
    try {
      properties.store(text, "The test kit's settings");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }
}
