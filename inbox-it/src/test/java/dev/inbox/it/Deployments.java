package dev.inbox.it;

import dev.inbox.it.handlers.Effects;
import java.io.File;
import java.net.URISyntaxException;
import org.awaitility.Awaitility;
import org.hamcrest.Matcher;
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
    File ear = new File(System.getProperty("inbox.ear", "../inbox-ear/target/inbox.ear"));
    return ShrinkWrap.create(ZipImporter.class, "inbox.ear")
        .importFrom(ear)
        .as(EnterpriseArchive.class)
        .addAsLibrary(testHandlers())
        .addAsModule(tests(testClass));
  }

  /** The test handlers live in lib/, like a team's handler jar, so the inbox can find them. */
  private static JavaArchive testHandlers() {
    return ShrinkWrap.create(JavaArchive.class, "inbox-it-handlers.jar")
        .addPackage(Effects.class.getPackage())
        .addAsManifestResource("handlers/persistence.xml", "persistence.xml")
        .addAsManifestResource(
            "handlers/microprofile-config.properties", "microprofile-config.properties")
        .addAsManifestResource(EmptyAsset.INSTANCE, "beans.xml");
  }

  private static WebArchive tests(Class<?> testClass) {
    return ShrinkWrap.create(WebArchive.class, "inbox-it.war")
        .addClass(testClass)
        .addPackage(Deployments.class.getPackage())
        .addAsWebInfResource(EmptyAsset.INSTANCE, "beans.xml")
        .addAsResource(new StringAsset(Settings.ofTestRun()), Settings.RESOURCE)
        .addAsResource(OperationsFiles.ALERT_RULES)
        .addAsResource(OperationsFiles.DASHBOARD)
        .addAsLibraries(jarOf(Awaitility.class), jarOf(Matcher.class), jarOf(Yaml.class));
  }

  /** The jar a class was loaded from, on the test class path. */
  private static File jarOf(Class<?> type) {
    try {
      return new File(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("Cannot locate the jar of " + type, e);
    }
  }
}
