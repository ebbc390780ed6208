package dev.inbox.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.inbox.spi.UncertainEffect;
import dev.inbox.store.EffectEntry;
import dev.inbox.store.UncertainEffects;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeliveryContextTest {

  /** The reports as a table would hold them, and what was settled. */
  private static final class Reports extends UncertainEffects {

    final List<EffectEntry.Key> written = new ArrayList<>();
    final List<EffectEntry> settled = new ArrayList<>();
    boolean databaseAway;

    @Override
    public boolean report(EffectEntry.Key key, String detail, int delivery) {
      if (databaseAway) {
        return false;
      }
      written.add(key);
      return true;
    }

    @Override
    public List<EffectEntry> unsettled(String consumer, String messageId) {
      return written.stream().map(Reports::entry).toList();
    }

    @Override
    public int settle(List<EffectEntry> read, LocalDateTime at) {
      settled.addAll(read);
      return read.size();
    }

    private static EffectEntry entry(EffectEntry.Key key) {
      return EffectEntry.reported(key, "no answer", 1, LocalDateTime.of(2026, 12, 3, 10, 0));
    }
  }

  @Test
  void aDeliverySeesAndSettlesEarlierReportsOnlyNotItsOwn() {
    Reports reports = new Reports();
    reports.written.add(new EffectEntry.Key("billing", "evt-1", "POST charges", "key-1"));
    DeliveryContext context = new DeliveryContext("billing", "evt-1", 2, reports);

    List<UncertainEffect> earlier = context.uncertainEffects();
    context.reportUncertainEffect("POST refunds", "key-2", "timed out");
    List<UncertainEffect> again = context.uncertainEffects();
    context.settleRead(LocalDateTime.of(2026, 12, 3, 10, 1));

    assertEquals(List.of("POST charges"), earlier.stream().map(UncertainEffect::target).toList());
    assertEquals(List.of("POST charges"), again.stream().map(UncertainEffect::target).toList());
    assertTrue(
        reports.settled.stream()
            .allMatch(entry -> entry.toEffect().target().equals("POST charges")),
        "settled: only what an earlier delivery reported");
    assertEquals(1, context.reported());
  }

  @Test
  void aReportThatCannotBeWrittenFailsTheDelivery() {
    Reports reports = new Reports();
    reports.databaseAway = true;
    DeliveryContext context = new DeliveryContext("billing", "evt-1", 1, reports);

    IllegalStateException failed =
        assertThrows(
            IllegalStateException.class,
            () -> context.reportUncertainEffect("POST charges", "key-1", "timed out"));
    assertTrue(failed.getMessage().contains("could not be recorded"), failed.getMessage());
  }

  @Test
  void longTextsAreKeptWithoutFailingAndLongKeysStayApart() {
    Reports reports = new Reports();
    DeliveryContext context = new DeliveryContext("billing", "evt-1", 1, reports);

    context.reportUncertainEffect("x".repeat(300), "k".repeat(150) + "1", "timed out");
    context.reportUncertainEffect("POST charges", "k".repeat(150) + "2", "timed out");
    context.recordResult("r".repeat(500));

    assertEquals(100, reports.written.get(0).toString().split("target=")[1].indexOf(' '));
    assertTrue(reports.written.get(0).toString().contains("idempotencyKey=sha256:"));
    assertTrue(!reports.written.get(0).equals(reports.written.get(1)));
    assertEquals(400, context.result().length());
  }
}
