package dev.inbox.faults;

import dev.inbox.it.Deployments;
import java.io.File;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;

/**
 * Starts, halts and kills the fault suite's nodes. A node boots with the EAR in its deployments
 * directory, as an operator deploys it, so every restart deploys it again by itself. Arquillian
 * starts and stops the node; a kill is a real {@code SIGKILL} of the node's process.
 */
final class Nodes {

  /** The nodes whose deployment this test run has written: once per run, then reused. */
  private static final Set<Node> DEPLOYED = EnumSet.noneOf(Node.class);

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

  /** Waits until a node's JVM has exited by itself (a crash point halted it). */
  void awaitHalt(Node node) {
    ProcessHandle process =
        process(node)
            .orElseThrow(() -> new AssertionError(node + " has no running process to wait for"));
    awaitExit(node, process);
    // Arquillian still counts the node as started: its stop skips a process that is gone.
    controller.kill(node.qualifier());
  }

  /** Kills a node's JVM with SIGKILL, as the operating system or an operator would. */
  void killHard(Node node) {
    process(node)
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
  private static Optional<ProcessHandle> process(Node node) {
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

  private static void deploy(Node node) {
    synchronized (DEPLOYED) {
      if (DEPLOYED.add(node)) {
        File ear = new File(node.home(), "standalone/deployments/inbox.ear");
        Deployments.withTestHandlers().as(ZipExporter.class).exportTo(ear, true);
      }
    }
  }
}
