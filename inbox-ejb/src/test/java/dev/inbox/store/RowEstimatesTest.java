package dev.inbox.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The planner's row estimate, read from the first line of PostgreSQL's EXPLAIN as it prints it. */
class RowEstimatesTest {

  @Test
  void aScanOfTenMillionRowsGivesItsEstimate() {
    assertEquals(
        Optional.of(3_362_345L),
        RowEstimates.rowsIn(
            "Index Only Scan using inbox_entry_pkey on inbox_entry"
                + "  (cost=0.56..151597.60 rows=3362345 width=4)"));
  }

  @Test
  void aSmallTableGivesItsEstimateToo() {
    assertEquals(
        Optional.of(1L),
        RowEstimates.rowsIn("Seq Scan on inbox_entry  (cost=0.00..1.05 rows=1 width=4)"));
  }

  @Test
  void aLineWithoutAnEstimateGivesNone() {
    assertEquals(
        Optional.empty(), RowEstimates.rowsIn("  Index Cond: (consumer_name = 'orders'::text)"));
    assertEquals(Optional.empty(), RowEstimates.rowsIn("Seq Scan (cost=0.00..1.05 rows=many)"));
  }
}
