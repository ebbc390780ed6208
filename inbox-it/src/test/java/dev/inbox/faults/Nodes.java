package dev.inbox.faults;

import dev.inbox.it.Deployments;
import java.io.File;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;

/**
 * Starts, halts and kills the fault suite's nodes. A node boots with the EAR in its deployments
 * directory, as an operator deploys it, so every restart deploys it again by itself. Arquillian
 * starts and stops the node; a kill is a real {@code SIGKILL} of the node's process. A node stays
 * up from one test to the next until a test stops it; Arquillian stops it at the end of the suite.
 */
final class Nodes {

  private static final Duration EXIT_DEADLINE = Duration.ofSeconds(120);

  private final ContainerController controller;

  Nodes(ContainerController controller) {
    this.controller = controller;
  }

  /** Starts a node that is not running, with the inbox deployed, and waits until it is up. */
  void start(Node node) {
    if (controller.isStarted(node.qualifier())) {
      return;
    }
    deploy(node);
    FaultCell.crashDirectory().mkdirs();
    controller.start(node.qualifier());
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
    // Arquillian still counts the node as started: its stop skips a process that is gone.
    controller.kill(node.qualifier());
  }

  /**
   * Starts a node that halts while it starts or soon after (a crash point in its recovery), and
   * waits until its process is gone.
   */
  void startUntilItHalts(Node node) {
    deploy(node);
    try {
      controller.start(node.qualifier());
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
    controller.kill(node.qualifier());
  }

  /** Kills a node's JVM with SIGKILL, as the operating system or an operator would. */
  void killHard(Node node) {
    find(node)
        .ifPresent(
            process -> {
              process.destroyForcibly();
              awaitExit(node, process);
            });
    controller.kill(node.qualifier());
  }

  /** Stops a running node cleanly. */
  void stop(Node node) {
    if (controller.isStarted(node.qualifier())) {
      controller.stop(node.qualifier());
    }
  }

  /** The node's server process, told apart from the other node's by its server directory. */
  private static Optional<ProcessHandle> find(Node node) {
    String home = "-Djboss.home.dir=" + node.home().getAbsolutePath();
    return ProcessHandle.allProcesses()
        .filter(process -> process.info().commandLine().orElse("").contains(home))
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

  /** Writes the EAR into the deployments directory before a start, over one a run left there. */
  private static void deploy(Node node) {
    File ear = new File(node.home(), "standalone/deployments/inbox.ear");
    Deployments.withTestHandlers().as(ZipExporter.class).exportTo(ear, true);
  }
}
