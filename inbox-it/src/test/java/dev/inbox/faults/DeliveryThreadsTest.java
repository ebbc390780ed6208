package dev.inbox.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class DeliveryThreadsTest {

  @Test
  void groupsTheThreadsOfTheModuleByWhereTheyWait() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    List<Thread> waiting = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      Thread thread = new Thread(() -> awaitInADelivery(release), "delivery-" + i);
      thread.start();
      waiting.add(thread);
    }
    try {
      Awaitility.await("both threads waiting")
          .until(() -> waiting.stream().allMatch(t -> t.getState() == Thread.State.WAITING));

      String summary = DeliveryThreads.summary(DeliveryThreads.dump(ProcessHandle.current().pid()));

      assertTrue(summary.startsWith("[2 WAITING (parking) at "), summary);
      assertTrue(summary.contains("DeliveryThreadsTest.awaitInADelivery"), summary);
    } finally {
      release.countDown();
    }
  }

  @Test
  void saysWhenNoThreadDelivers() {
    String dump =
        """
        "main" #1 prio=5 os_prio=0 cpu=1.00ms elapsed=1.00s tid=0x1 nid=0x2 waiting on condition
           java.lang.Thread.State: TIMED_WAITING (sleeping)
        \tat java.lang.Thread.sleep(java.base@17/Native Method)
        \tat org.example.Main.main(Main.java:3)
        """;

    assertEquals("no delivery threads", DeliveryThreads.summary(dump));
  }

  private static void awaitInADelivery(CountDownLatch release) {
    try {
      release.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
