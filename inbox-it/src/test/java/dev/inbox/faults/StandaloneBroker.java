package dev.inbox.faults;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.awaitility.Awaitility;

/**
 * The standalone Artemis broker the nodes share (or the primary of a replicated pair): its queues
 * and prepared transactions, read through its JMX management on a connection per call (the broker
 * may have been killed since the last), and its process, killed with SIGKILL and started again with
 * the script an operator uses.
 */
final class StandaloneBroker implements BrokerView {

  private final File instance = new File(FaultCell.required("faults.broker"));
  private final String jmxUrl = FaultCell.required("faults.jmx-url");

  @Override
  public long depth(String queue) {
    return ((Number)
            manage(management -> management.getAttribute(bean(management, queue), "MessageCount")))
        .longValue();
  }

  /**
   * Waits until a queue holds no message, waiting or in delivery, reading its count on one
   * management connection at each poll: light enough on the broker to time a pass by.
   */
  void awaitEmpty(String queue, Duration poll, Duration deadline) {
    manage(
        management -> {
          ObjectName bean = bean(management, queue);
          Awaitility.await(queue + " empty")
              .pollInterval(poll)
              .pollDelay(Duration.ZERO)
              .atMost(deadline)
              .until(
                  () -> ((Number) management.getAttribute(bean, "MessageCount")).longValue() == 0);
          return null;
        });
  }

  /** The consumers a queue has now: the nodes' MDB sessions, each one. */
  int consumers(String queue) {
    return ((Number)
            manage(management -> management.getAttribute(bean(management, queue), "ConsumerCount")))
        .intValue();
  }

  @Override
  public long count(String queue, String selector) {
    return ((Number)
            manage(
                management ->
                    management.invoke(
                        bean(management, queue),
                        "countMessages",
                        new Object[] {selector},
                        new String[] {String.class.getName()})))
        .longValue();
  }

  @Override
  public List<String> preparedTransactionList() {
    return List.of(
        (String[])
            manage(
                management ->
                    management.invoke(
                        bean(management, null),
                        "listPreparedTransactions",
                        new Object[0],
                        new String[0])));
  }

  /** Kills the broker's JVM with SIGKILL: no clean shutdown, its journal as the crash left it. */
  void killHard() {
    ProcessHandle process = process();
    long pid = process.pid();
    process.destroyForcibly();
    try {
      process.onExit().get(60, TimeUnit.SECONDS);
    } catch (TimeoutException | ExecutionException e) {
      throw new IllegalStateException("The broker (pid " + pid + ") did not die", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The broker's running JVM, by the pid it recorded. */
  ProcessHandle process() {
    long pid;
    try {
      pid =
          Long.parseLong(Files.readString(new File(instance, "data/artemis.pid").toPath()).strip());
    } catch (IOException e) {
      throw new IllegalStateException("The broker " + instance + " recorded no pid", e);
    }
    return ProcessHandle.of(pid)
        .orElseThrow(() -> new IllegalStateException("The broker's pid " + pid + " is gone"));
  }

  /** Starts the broker with server-config/artemis/start-broker.sh, which waits until it is live. */
  void start() {
    File script = new File("../server-config/artemis/start-broker.sh");
    File log = new File(instance, "log/start-broker.out");
    try {
      Process start =
          new ProcessBuilder("bash", script.getAbsolutePath(), instance.getAbsolutePath())
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log))
              .start();
      if (!start.waitFor(180, TimeUnit.SECONDS) || start.exitValue() != 0) {
        throw new IllegalStateException(
            "start-broker.sh failed: "
                + Files.readString(log.toPath(), StandardCharsets.UTF_8).strip());
      }
    } catch (IOException e) {
      throw new IllegalStateException("Cannot run " + script, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private interface Management {
    Object apply(MBeanServerConnection management) throws IOException, JMException;
  }

  /** One use of the broker's management, on a connection of its own. */
  private Object manage(Management use) {
    try (JMXConnector connector =
        JMXConnectorFactory.connect(
            new JMXServiceURL(jmxUrl),
            Map.of(
                JMXConnector.CREDENTIALS,
                new String[] {"admin", FaultCell.required("faults.broker-admin-password")}))) {
      return use.apply(connector.getMBeanServerConnection());
    } catch (IOException | JMException e) {
      throw new IllegalStateException("Broker management failed at " + jmxUrl, e);
    }
  }

  /** The broker's own bean, or one queue's. */
  private static ObjectName bean(MBeanServerConnection management, String queue)
      throws IOException, JMException {
    String pattern =
        queue == null
            ? "org.apache.activemq.artemis:broker=*"
            : "org.apache.activemq.artemis:*,subcomponent=queues,queue=" + ObjectName.quote(queue);
    Set<ObjectName> names = management.queryNames(new ObjectName(pattern), null);
    if (names.size() != 1) {
      throw new IllegalStateException("Expected one broker bean for " + pattern + ": " + names);
    }
    return names.iterator().next();
  }
}
