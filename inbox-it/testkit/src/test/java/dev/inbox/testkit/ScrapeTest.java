package dev.inbox.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ScrapeTest {

  private static final String TEXT =
      """
      # HELP inbox_applied_total Messages applied
      # TYPE inbox_applied_total counter
      inbox_applied_total{consumer="billing",type="order.created"} 3.0
      inbox_applied_total{consumer="billing",type="order.paid"} 2.0
      inbox_applied_total{consumer="audit",type="order.created"} 7.0
      inbox_handler_duration_seconds_bucket{consumer="billing",le="+Inf"} 5
      inbox_quarantine_depth{mp_scope="application"} 4 1700000000000
      """;

  @Test
  void sumsTheSamplesWhoseLabelsIncludeTheGivenOnes() {
    Scrape scrape = Scrape.parse(TEXT);

    assertEquals(5, scrape.value("inbox_applied_total", Map.of("consumer", "billing")));
    assertEquals(12, scrape.value("inbox_applied_total", Map.of()));
    assertEquals(4, scrape.value("inbox_quarantine_depth", Map.of()), "with a timestamp");
  }

  @Test
  void readsInfinitiesAndKnowsWhatItExports() {
    Scrape scrape = Scrape.parse(TEXT);

    assertTrue(scrape.exports("inbox_handler_duration_seconds_bucket"));
    assertEquals(5, scrape.value("inbox_handler_duration_seconds_bucket", Map.of("le", "+Inf")));
    assertFalse(scrape.exports("inbox_rows"));
    assertEquals(0, scrape.value("inbox_rows", Map.of()), "a series not yet counted reads 0");
  }
}
