package dev.inbox.faults;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The network path from the nodes to the cell's database, a TCP relay in the test's JVM that the
 * test can freeze: bytes stop flowing both ways while every connection stays open, so the database
 * neither answers nor refuses, as when its host hangs or its server process is stopped ({@code
 * SIGSTOP}). The nodes' data sources connect to it ({@code faults.db-path-port}, which the build
 * gives them as their database port) for the whole fault suite; it starts with the first node and
 * lives as long as the test JVM.
 */
final class DatabasePath {

  private static DatabasePath running;

  private final ServerSocket listener;
  private final String targetHost;
  private final int targetPort;
  private final ExecutorService relays = Executors.newCachedThreadPool(daemon());
  private boolean frozen;

  private DatabasePath(int port, String targetHost, int targetPort) throws IOException {
    this.listener = new ServerSocket();
    this.listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    relays.execute(this::accept);
  }

  /**
   * The cell's path, started on first use; none where the nodes connect to the database directly.
   */
  static synchronized DatabasePath ofCell() {
    if (running == null) {
      String[] target = FaultCell.required("faults.db-address").split(":");
      try {
        running =
            new DatabasePath(
                Integer.parseInt(FaultCell.required("faults.db-path-port")),
                target[0],
                Integer.parseInt(target[1]));
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot open the path to the database", e);
      }
    }
    return running;
  }

  /** Whether the cell's nodes reach the database through a path the tests can freeze. */
  static boolean inCell() {
    return !System.getProperty("faults.db-path-port", "").isEmpty();
  }

  /** Stops every byte between the nodes and the database, in both directions. */
  synchronized void freeze() {
    frozen = true;
  }

  /** Lets the bytes flow again, those held back first. */
  synchronized void thaw() {
    frozen = false;
    notifyAll();
  }

  private synchronized void awaitThawed() throws InterruptedException {
    while (frozen) {
      wait();
    }
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket node = listener.accept();
        relays.execute(() -> connect(node));
      } catch (IOException e) {
        if (!listener.isClosed()) {
          System.out.println("[database path] accept failed: " + e);
        }
      }
    }
  }

  /** A new connection waits while the path is frozen, as one to a hung host does. */
  private void connect(Socket node) {
    try {
      awaitThawed();
      Socket database = new Socket(targetHost, targetPort);
      relays.execute(() -> relay(node, database));
      relay(database, node);
    } catch (IOException | InterruptedException e) {
      close(node);
    }
  }

  private void relay(Socket from, Socket to) {
    byte[] buffer = new byte[16 * 1024];
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      for (int read; (read = in.read(buffer)) != -1; ) {
        awaitThawed();
        out.write(buffer, 0, read);
        out.flush();
      }
    } catch (IOException | InterruptedException e) {
      // One side closed or broke: the other follows, as with a real connection.
    } finally {
      close(from);
      close(to);
    }
  }

  private static void close(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // Already gone.
    }
  }

  private static java.util.concurrent.ThreadFactory daemon() {
    return task -> {
      Thread thread = new Thread(task, "database-path");
      thread.setDaemon(true);
      return thread;
    };
  }
}
