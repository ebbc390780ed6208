package dev.inbox.it;

import static dev.inbox.testkit.InboxDeployment.jarOf;

import dev.inbox.it.handlers.Effects;
import dev.inbox.testkit.InboxDeployment;
import java.io.File;
import java.util.Map;
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
import org.yaml.snakeyaml.Yaml;

/**
 * The deployment every test runs against: the real EAR that {@code inbox-ear} built, plus a library
 * of test handlers (next to the example handler) and a WAR holding the test class and its probes.
 */
public final class Deployments {

  private Deployments() {}

  public static EnterpriseArchive inbox(Class<?> testClass) {
    return inbox(testClass, Map.of());
  }

  /**
   * The deployment, with inbox settings of the test's own on top of the tests' defaults
   * (handlers/microprofile-config.properties).
   */
  public static EnterpriseArchive inbox(Class<?> testClass, Map<String, String> settings) {
    return ear(testHandlers(settings), tests(testClass));
  }

  /**
   * The deployment, with a package more in the test WAR: a remote system the test's handlers call,
   * say.
   */
  public static EnterpriseArchive inbox(Class<?> testClass, Package extra) {
    return inbox(testClass, Map.of(), extra);
  }

  /** The deployment, with settings of the test's own and packages more in the test WAR. */
  public static EnterpriseArchive inbox(
      Class<?> testClass, Map<String, String> settings, Package... extra) {
    return ear(testHandlers(settings), tests(testClass).addPackages(false, extra));
  }

  /**
   * The deployment, with the handlers of another package beside the test handlers in lib/: handlers
   * that change how every deployment runs (a consumer in store-then-process mode starts workers),
   * deployed only by the tests that need them; and packages more in the test WAR.
   */
  public static EnterpriseArchive withHandlersOf(
      Class<?> testClass, Map<String, String> settings, Package handlers, Package... extra) {
    return ear(
        testHandlers(settings).addPackage(handlers), tests(testClass).addPackages(false, extra));
  }

  /** The real EAR, with a library of handlers and a WAR of tests and probes added. */
  public static EnterpriseArchive ear(JavaArchive handlers, WebArchive tests) {
    return realEar().addAsLibrary(handlers).addAsModule(tests);
  }

  /**
   * The real EAR with the test handlers and no test WAR: for servers that tests drive from outside
   * (the fault suite), which read the effects in the database instead of through probes.
   */
  public static EnterpriseArchive withTestHandlers() {
    return withTestHandlers(Map.of());
  }

  /**
   * The same, with inbox settings of the test's own on top of the tests' defaults, and the handlers
   * of more packages beside the test handlers.
   */
  public static EnterpriseArchive withTestHandlers(Map<String, String> settings, Package... more) {
    return realEar().addAsLibrary(testHandlers(settings).addPackages(false, more));
  }

  /**
   * The real EAR with the test handlers and one handler declared wrongly, in a library of its own:
   * a deployment the server must refuse.
   */
  public static EnterpriseArchive withMisdeclared(Class<?> handler) {
    return withTestHandlers()
        .addAsLibrary(
            ShrinkWrap.create(JavaArchive.class, handler.getSimpleName() + ".jar")
                .addClass(handler)
                .addAsManifestResource(EmptyAsset.INSTANCE, "beans.xml"));
  }

  private static EnterpriseArchive realEar() {
    File ear = new File(System.getProperty("inbox.ear", "../inbox-ear/target/inbox.ear"));
    return ShrinkWrap.create(ZipImporter.class, "inbox.ear")
        .importFrom(ear)
        .as(EnterpriseArchive.class);
  }

  /**
   * The test handlers live in lib/, like a team's handler jar, so the inbox can find them. Their
   * microprofile-config.properties is read by the inbox module too.
   */
  private static JavaArchive testHandlers(Map<String, String> settings) {
    StringBuilder config = new StringBuilder(read("handlers/microprofile-config.properties"));
    settings.forEach((key, value) -> config.append(key).append('=').append(value).append('\n'));
    return ShrinkWrap.create(JavaArchive.class, "inbox-it-handlers.jar")
        .addPackage(Effects.class.getPackage())
        .addAsManifestResource("handlers/persistence.xml", "persistence.xml")
        .addAsManifestResource(new StringAsset(config.toString()), "microprofile-config.properties")
        .addAsManifestResource(EmptyAsset.INSTANCE, "beans.xml");
  }

  private static String read(String resource) {
    try (var in = Deployments.class.getClassLoader().getResourceAsStream(resource)) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * The WAR of a test class, with the probes and what they need, and the cell's settings; marked as
   * the WAR the test runs in, since the inbox's EAR has a web module of its own.
   */
  public static WebArchive tests(Class<?> testClass) {
    return Testable.archiveToTest(
        ShrinkWrap.create(WebArchive.class, "inbox-it.war")
            .addClass(testClass)
            .addPackage(Deployments.class.getPackage())
            .addAsWebInfResource(EmptyAsset.INSTANCE, "beans.xml")
            .addAsResource(new StringAsset(Settings.ofTestRun()), Settings.RESOURCE)
            .addAsResource(OperationsFiles.ALERT_RULES)
            .addAsResource(OperationsFiles.DASHBOARD)
            .addAsLibraries(InboxDeployment.kit())
            .addAsLibraries(jarOf(Awaitility.class), jarOf(Matcher.class), jarOf(Yaml.class)));
  }
}
