package dev.inbox.faults;

import dev.inbox.it.Deployments;
import dev.inbox.it.stored.StoredCrashHandler;
import java.io.File;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;

/**
 * Starts, halts and kills the fault suite's nodes. A node boots with the EAR in its deployments
 * directory (WildFly's deployment scanner, Payara's autodeploy), as an operator deploys it, and
 * every restart deploys it again by itself. Arquillian starts and stops the node; a kill is a real
 * {@code SIGKILL} of the node's process. A node stays up from one test, and one test class, to the
 * next until a test stops it (its container's mode is {@code custom}, which Arquillian does not
 * stop after a class); at the end of the test run WildFly's container kills the process it
 * launched.
 */
final class Nodes {

  private static final Duration EXIT_DEADLINE = Duration.ofSeconds(120);

  private final ContainerController controller;

  Nodes(ContainerController controller) {
    this.controller = controller;
  }

  /** Starts a node that is not running, with the inbox deployed, and waits until it is up. */
  void start(Node node) {
    if (running(node)) {
      return;
    }
    deploy(node);
    FaultCell.crashDirectory().mkdirs();
    if (DatabasePath.inCell()) {
      DatabasePath.ofCell();
    }
    launch(node);
  }

  /** Starts every server of the cell that is not running. */
  void startAll() {
    Node.ofCell().forEach(this::start);
  }

  /** Starts a server with the cell's others stopped: they would take its messages too. */
  void startAlone(Node node) {
    Node.ofCell().stream().filter(other -> other != node).forEach(this::stop);
    start(node);
  }

  /** A running node's server process: take it before the node may halt, to wait on it. */
  ProcessHandle process(Node node) {
    return find(node).orElseThrow(() -> new AssertionError(node + " has no running process"));
  }

  /** Waits until a node's JVM has exited by itself (a crash point halted it). */
  void awaitHalt(Node node, ProcessHandle process) {
    awaitExit(node, process);
    forget(node);
  }

  /**
   * Starts a node that halts while it starts or soon after (a crash point in its recovery), and
   * waits until its process is gone.
   */
  void startUntilItHalts(Node node) {
    deploy(node);
    try {
      launch(node);
    } catch (Exception haltedWhileStarting) {
      // Recovery may halt it before it reports that it has started: Arquillian then rethrows its
      // LifecycleException, checked though it is, from a method that does not declare it.
    }
    Instant deadline = Instant.now().plus(EXIT_DEADLINE);
    while (find(node).isPresent()) {
      if (Instant.now().isAfter(deadline)) {
        throw new AssertionError(node + " still runs " + EXIT_DEADLINE + " after its start");
      }
      find(node).ifPresent(process -> awaitExit(node, process));
    }
    forget(node);
  }

  /** Kills a node's JVM with SIGKILL, as the operating system or an operator would. */
  void killHard(Node node) {
    find(node)
        .ifPresent(
            process -> {
              process.destroyForcibly();
              awaitExit(node, process);
            });
    forget(node);
  }

  /** Stops a running node cleanly. */
  void stop(Node node) {
    if (!running(node)) {
      return;
    }
    Optional<List<String>> command = node.stopCommand();
    if (command.isPresent()) {
      run(command.get());
    } else {
      controller.stop(node.qualifier());
    }
  }

  /**
   * Whether a node runs: as Arquillian knows it, or, for a node its own commands start (a Payara
   * domain: Arquillian's Payara container starts one only to deploy to it), by its process.
   */
  private boolean running(Node node) {
    return node.startCommand().isPresent()
        ? find(node).isPresent()
        : controller.isStarted(node.qualifier());
  }

  private void launch(Node node) {
    Optional<List<String>> command = node.startCommand();
    if (command.isPresent()) {
      run(command.get());
    } else {
      controller.start(node.qualifier());
    }
  }

  /**
   * Tells Arquillian that a node's process ended by itself: its stop skips a process that is gone.
   */
  private void forget(Node node) {
    if (node.startCommand().isEmpty()) {
      controller.kill(node.qualifier());
    }
  }

  /** Runs a node's start or stop command (asadmin), which returns once the server is up or down. */
  private static void run(List<String> command) {
    Command.run(command, EXIT_DEADLINE);
  }

  /** The node's server process, told apart from the other node's by its server directory. */
  static Optional<ProcessHandle> find(Node node) {
    String marker = node.processMarker();
    return ProcessHandle.allProcesses()
        .filter(process -> process.info().commandLine().orElse("").contains(marker))
        .findFirst();
  }

  private static void awaitExit(Node node, ProcessHandle process) {
    try {
      process.onExit().get(EXIT_DEADLINE.toSeconds(), TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new AssertionError(
          node + " (pid " + process.pid() + ") still runs after " + EXIT_DEADLINE);
    } catch (ExecutionException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /**
   * Writes the EAR into the node's deployments directory before its first start; later starts
   * deploy it again by themselves. The build gives every run fresh nodes.
   */
  private static void deploy(Node node) {
    File ear = new File(node.deployments(), "inbox.ear");
    if (!ear.exists()) {
      Deployments.withTestHandlers(settings(), StoredCrashHandler.class.getPackage())
          .as(ZipExporter.class)
          .exportTo(ear);
    }
  }

  /**
   * The nodes' settings: the webhook source; leases short enough for a restarted node to take its
   * halted claims over within the oracle's deadline, and a gap timeout longer than that deadline,
   * so that a key's numbers redelivered after a restart keep their order; and, on a standalone
   * broker, its JMX and an operator of it for the console's actions, as docs/cluster.md has them
   * (there the password comes from the environment; the test broker's is no secret).
   */
  private static Map<String, String> settings() {
    Map<String, String> settings = new TreeMap<>(Webhook.SETTINGS);
    settings.put("inbox.store-then-process.lease", "PT10S");
    settings.put("inbox.store-then-process.gap-timeout", "PT5M");
    String jmxUrl = System.getProperty("faults.jmx-url", "");
    if (!jmxUrl.isEmpty()) {
      settings.put("inbox.console.broker.jmx-url", jmxUrl);
      settings.put("inbox.console.broker.user", "admin");
      settings.put(
          "inbox.console.broker.password", FaultCell.required("faults.broker-admin-password"));
    }
    return settings;
  }
}
