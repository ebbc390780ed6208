package dev.inbox.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class HeldFilterTest {

  @Test
  void everyCriterionGivenMustHold() {
    HeldFilter filter =
        new HeldFilter(
            "retries-exhausted",
            "billing",
            "order.created",
            "java.net.SocketTimeoutException",
            "com.acme.Billing.charge(Billing.java:42)",
            Instant.ofEpochMilli(1000),
            Instant.ofEpochMilli(2000));

    assertEquals(
        "inbox_reason = 'retries-exhausted' AND inbox_consumer = 'billing'"
            + " AND (messageType = 'order.created' OR ce_type = 'order.created')"
            + " AND inbox_error_type = 'java.net.SocketTimeoutException'"
            + " AND inbox_error_frame = 'com.acme.Billing.charge(Billing.java:42)'"
            + " AND JMSTimestamp >= 1000 AND JMSTimestamp < 2000",
        filter.selector("messageType"));
  }

  @Test
  void aFailureGroupWithoutACauseSelectsTheMessagesWithoutOne() {
    HeldFilter filter =
        new HeldFilter(
            "retries-exhausted", "billing", null, HeldFilter.NONE, HeldFilter.NONE, null, null);

    assertEquals(
        "inbox_reason = 'retries-exhausted' AND inbox_consumer = 'billing'"
            + " AND inbox_error_type IS NULL AND inbox_error_frame IS NULL",
        filter.selector("messageType"));
  }

  @Test
  void noCriterionSelectsEverything() {
    assertNull(HeldFilter.ALL.selector("messageType"));
    assertNull(new HeldFilter(" ", "", null, "", null, null, null).selector("messageType"));
  }

  @Test
  void aQuoteInAValueStaysInsideItsLiteral() {
    HeldFilter filter = new HeldFilter(null, "x' OR 'a' = 'a", null, null, null, null, null);

    assertEquals("inbox_consumer = 'x'' OR ''a'' = ''a'", filter.selector("messageType"));
  }

  @Test
  void anUnknownReasonOrAnEmptyTimeRangeIsRefusedSayingWhy() {
    IllegalArgumentException reason =
        assertThrows(
            IllegalArgumentException.class,
            () -> new HeldFilter("exhausted", null, null, null, null, null, null));
    IllegalArgumentException range =
        assertThrows(
            IllegalArgumentException.class,
            () -> new HeldFilter(null, null, null, null, null, Instant.EPOCH, Instant.EPOCH));

    assertTrue(reason.getMessage().contains("retries-exhausted"), reason.getMessage());
    assertTrue(range.getMessage().contains("must be before"), range.getMessage());
  }
}
