package dev.inbox.faults;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.jboss.arquillian.container.test.api.ContainerController;

/**
 * The PostgreSQL primary and synchronous standby of a database-failover cell (profile
 * database-pair), made by {@code server-config/postgresql/create-pair.sh}, and what a crash and an
 * operator's failover do to them, through the cell's {@code database-pair.sh}. Which of the two
 * servers is the primary changes with each failover; the pair's URL finds it.
 */
final class DatabasePair {

  private static final Duration DEADLINE = Duration.ofSeconds(120);

  /**
   * The cell's pair, made whole if a test before left it without a standby, with the cell's nodes
   * started on it.
   */
  static DatabasePair wholeWithTheNodesStarted(ContainerController controller) {
    if (!Boolean.parseBoolean(System.getProperty("faults.db-pair", "false"))) {
      throw new IllegalStateException(
          "This test needs the PostgreSQL pair of its cell: run it with"
              + " -Pfaults,postgresql,database-pair (and xa)");
    }
    DatabasePair pair = new DatabasePair();
    pair.whole();
    new Nodes(controller).startAll();
    return pair;
  }

  /**
   * A primary with a synchronous standby that streams from it: if the last test left the pair
   * without one (a failover), the server that is down is made the standby again, as an operator
   * does after a failover.
   */
  void whole() {
    run("whole");
  }

  /**
   * The standby no longer receives, and the primary no longer waits for it: what an asynchronous
   * standby that lags behind is at the moment of a crash.
   */
  void asynchronous() {
    run("asynchronous");
  }

  /** The primary gone as in a crash: no checkpoint, every connection cut. */
  void crashPrimary() {
    run("crash-primary");
  }

  /**
   * The standby made the primary: it takes writes, and the pair's URL finds it, which this waits
   * for (the driver takes a server it found to be a standby for one still, for hostRecheckSeconds).
   */
  void promoteStandby() {
    run("promote-standby");
    Database database = new Database();
    Awaitility.await("the promoted standby answering as the primary at the pair's URL")
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptions()
        .until(() -> database.preparedTransactions() >= 0);
  }

  /** Whether a server answers on that port of this machine. */
  static boolean answers(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      return true;
    } catch (IOException refused) {
      return false;
    }
  }

  private static void run(String action) {
    List<String> command =
        List.of(
            "bash",
            FaultCell.required("faults.db-pair-script"),
            action,
            FaultCell.required("faults.db-pair-dir"),
            FaultCell.required("faults.db-primary-port"),
            FaultCell.required("faults.db-standby-port"));
    Command.run(command, DEADLINE);
  }
}
