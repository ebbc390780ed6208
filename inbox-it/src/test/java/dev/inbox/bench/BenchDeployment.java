package dev.inbox.bench;

import com.fasterxml.uuid.Generators;
import dev.inbox.bench.handler.BenchHandler;
import dev.inbox.it.Deployments;
import dev.inbox.testkit.InboxDeployment;
import org.HdrHistogram.Histogram;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.EmptyAsset;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.JavaArchive;

/**
 * The benchmark's deployment: the real EAR, the bench consumer in {@code lib/} as a team's handler
 * jar would be, and a WAR with the harness and the MDBs it compares the inbox with; the libraries
 * the harness uses inside the server (latency histograms, time-ordered UUIDs) in {@code lib/}.
 */
final class BenchDeployment {

  /**
   * The inbox's settings for the run: the archive consumer keeps rows one hour, so that its filled
   * rows are expired, and the sweeper looks every second. One hour is shorter than the redelivery
   * horizon, which the start-up check refuses unless told; for a benchmark that is the point. Four
   * failed attempts per consumer, not five: the fan-out type's four consumers could otherwise need
   * 21 deliveries to quarantine a message, one more than the broker makes, which the start refuses.
   * Nothing in the benchmark fails, so the limit costs nothing.
   */
  private static final String INBOX_SETTINGS =
      """
      inbox.retention.consumer.bench-archive=PT1H
      inbox.retention.sweep-interval=PT1S
      inbox.retention.allow-shorter-than-horizon=true
      inbox.max-attempts=4
      """;

  private BenchDeployment() {}

  static EnterpriseArchive create(Class<?> benchClass) {
    JavaArchive handlers =
        ShrinkWrap.create(JavaArchive.class, "inbox-bench-handlers.jar")
            .addPackage(BenchHandler.class.getPackage())
            .addAsManifestResource("bench/persistence.xml", "persistence.xml")
            .addAsManifestResource(
                new StringAsset(INBOX_SETTINGS), "microprofile-config.properties")
            .addAsManifestResource(EmptyAsset.INSTANCE, "beans.xml");
    return Deployments.ear(
            handlers,
            Deployments.tests(benchClass)
                .addClasses(
                    BenchConfig.class,
                    MessageIds.class,
                    MessageIds.Kind.class,
                    MessageIds.PassIds.class,
                    Results.class,
                    Pass.class,
                    Usage.class,
                    Usage.Start.class,
                    Load.class,
                    MdbConcurrency.class,
                    PlainListener.class,
                    ReceiveListener.class)
                .addAsResource(new StringAsset(BenchConfig.ofBuild()), BenchConfig.RESOURCE)
                .addAsWebInfResource("bench/jboss-ejb3.xml", "jboss-ejb3.xml")
                .addAsWebInfResource("bench/glassfish-ejb-jar.xml", "glassfish-ejb-jar.xml"))
        .addAsLibrary(InboxDeployment.jarOf(Histogram.class))
        .addAsLibrary(InboxDeployment.jarOf(Generators.class));
  }
}
